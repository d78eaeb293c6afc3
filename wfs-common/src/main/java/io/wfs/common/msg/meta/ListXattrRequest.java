package io.wfs.common.msg.meta;

/** The names of an inode's extended attributes. */
public final class ListXattrRequest extends InodeRequest<XattrNamesReply> {
    public ListXattrRequest() {
    }

    public ListXattrRequest(MetaHeader header, long ino) {
        super(header, ino);
    }
}
