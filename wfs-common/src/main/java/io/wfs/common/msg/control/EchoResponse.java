package io.wfs.common.msg.control;

import io.wfs.common.rpc.Response;

public final class EchoResponse implements Response {
    private byte[] payload;

    public EchoResponse() {
    }

    public EchoResponse(byte[] payload) {
        this.payload = payload;
    }

    public byte[] payload() {
        return payload;
    }
}
