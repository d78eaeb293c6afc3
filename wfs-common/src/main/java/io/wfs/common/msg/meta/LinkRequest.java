package io.wfs.common.msg.meta;


/** Adds the hard link {@code newName} in {@code newParent} to inode {@code ino}. */
public final class LinkRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private long ino;
    private long newParent;
    private byte[] newName;

    public LinkRequest() {
    }

    public LinkRequest(MetaHeader header, long ino, long newParent, byte[] newName) {
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
        return newParent;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        MetaNames.check(newName, "newName");
    }
}
