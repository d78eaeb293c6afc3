package io.wfs.common.msg.meta;

/** Removes a non-directory entry; the inode goes when its last link and last open handle are gone. */
public final class UnlinkRequest extends EntryNameRequest<OkReply> {
    public UnlinkRequest() {
    }

    public UnlinkRequest(MetaHeader header, long parent, byte[] name) {
        super(header, parent, name);
    }
}
