package io.wfs.common.msg.meta;

/** Cross-group rmdir, step 2, proposed in the parent's group only: removes the entry to the locked child, refused once the lock is old. */
public final class UnlinkLockedChildRequest implements MetaRequest<OkReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;
    private long child;
    private int childUid;
    private long lockTimeNs;
    private boolean directory;

    public UnlinkLockedChildRequest() {
    }

    public UnlinkLockedChildRequest(MetaHeader header, long parent, byte[] name, long child, int childUid, long lockTimeNs, boolean directory) {
        this.header = header;
        this.parent = parent;
        this.name = name;
        this.child = child;
        this.childUid = childUid;
        this.lockTimeNs = lockTimeNs;
        this.directory = directory;
    }

    public MetaHeader header() {
        return header;
    }

    public long parent() {
        return parent;
    }

    public byte[] name() {
        return name;
    }

    public long child() {
        return child;
    }

    public int childUid() {
        return childUid;
    }

    public long lockTimeNs() {
        return lockTimeNs;
    }

    /** True for rmdir (the victim must be an empty directory), false for unlink (it must not be one). */
    public boolean directory() {
        return directory;
    }

    @Override
    public long routingIno() {
        return parent;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        MetaNames.check(name, "name");
    }
}
