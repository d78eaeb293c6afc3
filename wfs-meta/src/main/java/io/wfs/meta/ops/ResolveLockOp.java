package io.wfs.meta.ops;

import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.SlotState;

/**
 * Cross-group step 3, or the sweep's decision: commit or undo what the intent on the inode
 * says. A created directory is kept (commit) or deleted (undo); a directory being removed is
 * deleted (commit) or unlocked (undo). Resolving twice is harmless: the second finds no intent.
 */
public final class ResolveLockOp implements MetaOperation<ResolveLockRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.RESOLVE_LOCK;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public OkReply execute(MetaContext ctx, ResolveLockRequest req) {
        LockIntents.Intent intent = ctx.intents().remove(req.ino());
        if (intent == null) {
            return OkReply.INSTANCE;
        }
        SlotState slot = ctx.slotOf(req.ino());
        if (!slot.contains(req.ino())) {
            return OkReply.INSTANCE;
        }
        boolean delete = intent.kind() == LockIntents.MKDIR ? !req.commit() : req.commit();
        if (delete) {
            slot.removeInode(req.ino(), ctx.freedBlocks());
        } else {
            slot.setFlags(req.ino(), 0);
            slot.setCtime(req.ino(), ctx.timeNs());
        }
        return OkReply.INSTANCE;
    }
}
