package io.wfs.common.msg.meta;

/**
 * Cross-group link, step 1, in the group owning {@code ino}: checks it may get another name,
 * counts the new link and locks it with the intent (newParent, newName).
 */
public final class LockForLinkRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private long ino;
    private long newParent;
    private byte[] newName;

    public LockForLinkRequest() {
    }

    public LockForLinkRequest(MetaHeader header, long ino, long newParent, byte[] newName) {
        this.header = header;
        this.ino = ino;
        this.newParent = newParent;
        this.newName = newName;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public long newParent() {
        return newParent;
    }

    public byte[] newName() {
        return newName;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        MetaNames.check(newName, "newName");
    }
}
