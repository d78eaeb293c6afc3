package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.LockForRemoveRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.InodeFlags;
import io.wfs.meta.namespace.SlotState;

/**
 * Cross-group rmdir or unlink, step 1: atomically checks the inode may go (a directory must be
 * empty) and locks it (so nothing is created in it or linked to it meanwhile), remembering the
 * entry that will go. The lock time is its ctime.
 */
public final class LockForRemoveOp implements MetaOperation<LockForRemoveRequest, AttrReply> {
    @Override
    public MessageType type() {
        return MessageType.LOCK_FOR_REMOVE;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public AttrReply execute(MetaContext ctx, LockForRemoveRequest req) {
        InodeAttributes a = ctx.attributes(req.ino());
        boolean directory = FileType.isDirectory(a.mode());
        if (req.directory() && !directory) {
            throw new WfsException(WfsErrorCode.ENOTDIR, "not a directory");
        }
        if (!req.directory() && directory) {
            throw new WfsException(WfsErrorCode.EISDIR, "is a directory");
        }
        ctx.requireUnlocked(a);
        if (directory) {
            EntryRemoval.checkEmptyDirectory(ctx, a);
        }
        SlotState slot = ctx.slotOf(req.ino());
        slot.setFlags(req.ino(), InodeFlags.LOCK);
        slot.setCtime(req.ino(), ctx.timeNs());
        ctx.intents().put(new LockIntents.Intent(req.ino(), LockIntents.REMOVE, req.parent(), req.name().clone(),
                ctx.timeNs()));
        return new AttrReply(ctx.wire(req.ino()));
    }
}
