package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The target of a symbolic link. */
public final class ReadlinkReply implements Response {
    private byte[] target;

    public ReadlinkReply() {
    }

    public ReadlinkReply(byte[] target) {
        this.target = target;
    }

    public byte[] target() {
        return target;
    }
}
