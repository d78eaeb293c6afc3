package io.wfs.common.msg.meta;

/** Cross-group rmdir, step 1, in the group owning {@code ino}: checks it can go (an empty directory) and locks it with the intent (parent, name). */
public final class LockForRemoveRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private long ino;
    private long parent;
    private byte[] name;
    private boolean directory;

    public LockForRemoveRequest() {
    }

    public LockForRemoveRequest(MetaHeader header, long ino, long parent, byte[] name, boolean directory) {
        this.header = header;
        this.ino = ino;
        this.parent = parent;
        this.name = name;
        this.directory = directory;
    }

    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public long parent() {
        return parent;
    }

    public byte[] name() {
        return name;
    }

    /** True for rmdir (the victim must be an empty directory), false for unlink (it must not be one). */
    public boolean directory() {
        return directory;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        MetaNames.check(name, "name");
    }
}
