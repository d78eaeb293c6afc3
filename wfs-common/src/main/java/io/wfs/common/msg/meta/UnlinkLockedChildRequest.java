package io.wfs.common.msg.meta;

/** Cross-group rmdir, step 2, proposed in the parent's group only: removes the entry to the locked child, refused once the lock is old. */
public final class UnlinkLockedChildRequest extends LockedChildRequest<OkReply> {
    private int childUid;
    private long lockTimeNs;
    private boolean directory;

    public UnlinkLockedChildRequest() {
    }

    public UnlinkLockedChildRequest(MetaHeader header, long parent, byte[] name, long child, int childUid, long lockTimeNs, boolean directory) {
        super(header, parent, name, child);
        this.childUid = childUid;
        this.lockTimeNs = lockTimeNs;
        this.directory = directory;
    }

    public int childUid() {
        return childUid;
    }

    @Override
    public long lockTimeNs() {
        return lockTimeNs;
    }

    /** True for rmdir (the victim must be an empty directory), false for unlink (it must not be one). */
    public boolean directory() {
        return directory;
    }
}
