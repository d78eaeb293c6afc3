package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * Cross-group rename, in the group owning {@code ino} (the moved inode, or the other inode of an
 * exchange): locks it and records the plan as its intent, so that the group's sweep can finish
 * or undo the rename if the coordinator dies.
 */
public final class LockForRenameRequest implements MetaRequest<AttrReply> {
    private MetaHeader header;
    private long ino;
    private RenamePlan plan;

    public LockForRenameRequest() {
    }

    public LockForRenameRequest(MetaHeader header, long ino, RenamePlan plan) {
        this.header = header;
        this.ino = ino;
        this.plan = plan;
    }

    @Override
    public MetaHeader header() {
        return header;
    }

    public long ino() {
        return ino;
    }

    public RenamePlan plan() {
        return plan;
    }

    @Override
    public long routingIno() {
        return ino;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        RenamePlan.validate(plan);
        Validate.check(ino == plan.moved() || ino == plan.replaced(), "ino is neither inode of the plan");
    }
}
