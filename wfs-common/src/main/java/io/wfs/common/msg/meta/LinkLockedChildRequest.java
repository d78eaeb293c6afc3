package io.wfs.common.msg.meta;

/** Cross-group mkdir, step 2, proposed in the parent's group only: the entry to the locked child, refused once the lock is old. */
public final class LinkLockedChildRequest extends LockedChildRequest<AttrReply> {
    private int childMode;
    private long lockTimeNs;

    public LinkLockedChildRequest() {
    }

    public LinkLockedChildRequest(MetaHeader header, long parent, byte[] name, long child, int childMode, long lockTimeNs) {
        super(header, parent, name, child);
        this.childMode = childMode;
        this.lockTimeNs = lockTimeNs;
    }

    public int childMode() {
        return childMode;
    }

    @Override
    public long lockTimeNs() {
        return lockTimeNs;
    }
}
