package io.wfs.common.msg.meta;

/** The target of a symbolic link. */
public final class ReadlinkRequest extends InodeRequest<ReadlinkReply> {
    public ReadlinkRequest() {
    }

    public ReadlinkRequest(MetaHeader header, long ino) {
        super(header, ino);
    }
}
