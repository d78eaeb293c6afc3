package io.wfs.common.msg.meta;

/** Adds the hard link {@code newName} in {@code newParent} to inode {@code ino}; routed by the new parent. */
public final class LinkRequest extends NewLinkRequest<AttrReply> {
    public LinkRequest() {
    }

    public LinkRequest(MetaHeader header, long ino, long newParent, byte[] newName) {
        super(header, ino, newParent, newName);
    }

    @Override
    public long routingIno() {
        return newParent();
    }
}
