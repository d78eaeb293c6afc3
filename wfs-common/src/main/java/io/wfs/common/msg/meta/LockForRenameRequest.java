package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * Cross-group rename, in the group owning {@code ino} (the moved inode, or the other inode of an
 * exchange): locks it and records the plan as its intent, so that the group's sweep can finish
 * or undo the rename if the coordinator dies.
 */
public final class LockForRenameRequest extends InodeRequest<AttrReply> {
    private RenamePlan plan;

    public LockForRenameRequest() {
    }

    public LockForRenameRequest(MetaHeader header, long ino, RenamePlan plan) {
        super(header, ino);
        this.plan = plan;
    }

    public RenamePlan plan() {
        return plan;
    }

    @Override
    public void validate() {
        super.validate();
        RenamePlan.validate(plan);
        Validate.check(ino() == plan.moved() || ino() == plan.replaced(), "ino is neither inode of the plan");
    }
}
