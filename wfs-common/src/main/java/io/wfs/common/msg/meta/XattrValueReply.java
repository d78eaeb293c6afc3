package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The value of an extended attribute. */
public final class XattrValueReply implements Response {
    private byte[] value;

    public XattrValueReply() {
    }

    public XattrValueReply(byte[] value) {
        this.value = value;
    }

    public byte[] value() {
        return value;
    }
}
