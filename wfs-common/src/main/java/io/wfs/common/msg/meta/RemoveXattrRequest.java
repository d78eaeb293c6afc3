package io.wfs.common.msg.meta;

/** Removes an extended attribute (ENODATA when absent). */
public final class RemoveXattrRequest extends XattrNameRequest<OkReply> {
    public RemoveXattrRequest() {
    }

    public RemoveXattrRequest(MetaHeader header, long ino, byte[] name) {
        super(header, ino, name);
    }
}
