package io.wfs.common.msg.meta;

/** Cross-group mkdir, step 1, in the group owning {@code slot}: a new directory inode, locked, remembering (parent, name) as its intent. */
public final class CreateLockedRequest extends SlotRequest<AttrReply> {
    private int mode;
    private int uid;
    private int gid;
    private long parent;
    private byte[] name;

    public CreateLockedRequest() {
    }

    public CreateLockedRequest(MetaHeader header, int slot, int mode, int uid, int gid, long parent, byte[] name) {
        super(header, slot);
        this.mode = mode;
        this.uid = uid;
        this.gid = gid;
        this.parent = parent;
        this.name = name;
    }

    public int mode() {
        return mode;
    }

    public int uid() {
        return uid;
    }

    public int gid() {
        return gid;
    }

    public long parent() {
        return parent;
    }

    public byte[] name() {
        return name;
    }

    @Override
    public void validate() {
        super.validate();
        MetaNames.check(name, "name");
    }
}
