package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * Cross-group mkdir, step 1, in the group owning {@code slot}: a new directory inode, locked,
 * remembering (parent, name) as its intent. The entry's (parent, name) live in another group;
 * the request goes to the slot's group, not to the parent's.
 */
public final class CreateLockedRequest extends EntryNameRequest<AttrReply> {
    private int slot;
    private int mode;
    private UidGid owner;

    public CreateLockedRequest() {
    }

    public CreateLockedRequest(MetaHeader header, int slot, int mode, int uid, int gid, long parent, byte[] name) {
        super(header, parent, name);
        this.slot = slot;
        this.mode = mode;
        this.owner = new UidGid(uid, gid);
    }

    public int slot() {
        return slot;
    }

    public int mode() {
        return mode;
    }

    /** The new inode's owner. */
    public int uid() {
        return owner.uid();
    }

    public int gid() {
        return owner.gid();
    }

    @Override
    public long routingIno() {
        return SlotRequest.routingInoOf(slot);
    }

    /** Not judged by its inodes: a step between groups that scoped credentials never take. */
    @Override
    public long[] namedInodes() {
        return null;
    }

    @Override
    public void validate() {
        super.validate();
        SlotRequest.validateSlot(slot);
        Validate.notNull(owner, "owner");
    }
}
