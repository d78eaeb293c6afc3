package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Attribute names, each followed by a NUL byte (the listxattr(2) format). */
public final class XattrNamesReply implements Response {
    private byte[] names;

    public XattrNamesReply() {
    }

    public XattrNamesReply(byte[] names) {
        this.names = names;
    }

    public byte[] names() {
        return names;
    }
}
