package io.wfs.common.msg.meta;

/** The value of one extended attribute (ENODATA when absent). */
public final class GetXattrRequest extends XattrNameRequest<XattrValueReply> {
    public GetXattrRequest() {
    }

    public GetXattrRequest(MetaHeader header, long ino, byte[] name) {
        super(header, ino, name);
    }
}
