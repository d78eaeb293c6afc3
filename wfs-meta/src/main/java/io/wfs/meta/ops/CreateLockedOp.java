package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CreateLockedRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.InodeFlags;
import io.wfs.meta.namespace.SlotState;

/**
 * Cross-group mkdir, step 1: the directory inode is born locked in its own slot, remembering
 * its intended entry, so that a coordinator crash leaves something the sweep can finish or undo.
 * Its ctime (= creation time) is the lock time.
 */
public final class CreateLockedOp implements MetaOperation<CreateLockedRequest, AttrReply> {
    @Override
    public MessageType type() {
        return MessageType.CREATE_LOCKED;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public AttrReply execute(MetaContext ctx, CreateLockedRequest req) {
        SlotState slot = ctx.namespace().slot(req.slot());
        if (slot == null) {
            throw new WfsException(WfsErrorCode.STALE_ROUTE, "slot " + req.slot() + " is not owned here");
        }
        long ino = slot.createInode(Posix.S_IFDIR | (req.mode() & Posix.PERMISSION_BITS), req.uid(), req.gid(), req.parent(),
                ctx.timeNs());
        slot.setFlags(ino, InodeFlags.LOCK);
        ctx.intents().put(new LockIntents.Intent(ino, LockIntents.MKDIR, req.parent(), req.name().clone(), ctx.timeNs()));
        return new AttrReply(ctx.wire(ino));
    }
}
