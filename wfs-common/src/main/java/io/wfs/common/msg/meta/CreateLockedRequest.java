package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** Cross-group mkdir, step 1, in the group owning {@code slot}: a new directory inode, locked, remembering (parent, name) as its intent. */
public final class CreateLockedRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private int slot;
    private int mode;
    private int uid;
    private int gid;
    private long parent;
    private byte[] name;

    public CreateLockedRequest() {
    }

    public CreateLockedRequest(MetaHeader header, int slot, int mode, int uid, int gid, long parent, byte[] name) {
        this.header = header;
        this.slot = slot;
        this.mode = mode;
        this.uid = uid;
        this.gid = gid;
        this.parent = parent;
        this.name = name;
    }

    public MetaHeader header() {
        return header;
    }

    public int slot() {
        return slot;
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
    public long routingIno() {
        return ((long) slot << 52) | 1;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        Validate.range(slot, "slot", 0, 4095);
        MetaNames.check(name, "name");
    }
}
