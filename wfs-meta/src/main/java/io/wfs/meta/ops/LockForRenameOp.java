package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.LockForRenameRequest;
import io.wfs.common.msg.meta.RenamePlan;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.InodeFlags;
import io.wfs.meta.namespace.SlotState;

/**
 * Cross-group rename, step 1, in the group owning the moved inode (and, for an exchange, the
 * other one): locks it with the plan as its intent. While locked nothing else may rename, link or
 * remove it, and tree walks that pass it answer LOCKED, because its parent pointer is about to change.
 */
public final class LockForRenameOp implements MetaOperation<LockForRenameRequest, AttrReply> {
    @Override
    public MessageType type() {
        return MessageType.LOCK_FOR_RENAME;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public AttrReply execute(MetaContext ctx, LockForRenameRequest req) {
        InodeAttributes a = ctx.attributes(req.ino());
        ctx.requireUnlocked(a);
        RenamePlan plan = req.plan();
        int expectedMode = req.ino() == plan.moved() ? plan.movedMode() : plan.replacedMode();
        if (a.mode() != expectedMode) {
            // Changed (chmod, or the name now names another inode of that number): the coordinator retries.
            throw new WfsException(WfsErrorCode.LOCKED, "inode " + req.ino() + " changed while the rename was prepared");
        }
        SlotState slot = ctx.slotOf(req.ino());
        slot.setFlags(req.ino(), InodeFlags.LOCK);
        slot.setCtime(req.ino(), ctx.timeNs());
        ctx.intents().put(new LockIntents.Intent(req.ino(), LockIntents.RENAME, plan.dstParent(), plan.dstName().clone(),
                ctx.timeNs(), plan));
        return new AttrReply(ctx.wire(req.ino()));
    }
}
