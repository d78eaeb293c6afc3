package io.wfs.common.msg.meta;

/** Cross-group mkdir, step 2, proposed in the parent's group only: the entry to the locked child, refused once the lock is old. */
public final class LinkLockedChildRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private long parent;
    private byte[] name;
    private long child;
    private int childMode;
    private long lockTimeNs;

    public LinkLockedChildRequest() {
    }

    public LinkLockedChildRequest(MetaHeader header, long parent, byte[] name, long child, int childMode, long lockTimeNs) {
        this.header = header;
        this.parent = parent;
        this.name = name;
        this.child = child;
        this.childMode = childMode;
        this.lockTimeNs = lockTimeNs;
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

    public int childMode() {
        return childMode;
    }

    public long lockTimeNs() {
        return lockTimeNs;
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
