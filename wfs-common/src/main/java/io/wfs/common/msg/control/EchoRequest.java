package io.wfs.common.msg.control;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/** Returns its payload unchanged: liveness probe and RPC benchmark. */
public final class EchoRequest implements Request<EchoResponse> {
    private byte[] payload;

    public EchoRequest() {
    }

    public EchoRequest(byte[] payload) {
        this.payload = payload;
    }

    public byte[] payload() {
        return payload;
    }

    @Override
    public void validate() {
        Validate.notNull(payload, "payload");
    }
}
