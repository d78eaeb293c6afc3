package io.wfs.meta.ops;

import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.SlotState;

/**
 * Cross-group step 3, or the sweep's decision: commit or undo what the intent on the inode
 * says, and unlock it. A created directory is kept or deleted; a new link is kept or its count
 * taken back; a renamed inode takes its new parent or stays; an inode being removed loses its name (a directory is deleted, a file drops a
 * link) or is simply unlocked. Resolving twice is harmless: the second finds no intent, or another lock's.
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
        LockIntents.Intent intent = ctx.intents().get(req.ino());
        if (intent == null || intent.lockTimeNs() != req.lockTimeNs()) {
            return OkReply.INSTANCE;
        }
        ctx.intents().remove(req.ino());
        SlotState slot = ctx.slotOf(req.ino());
        if (!slot.contains(req.ino())) {
            return OkReply.INSTANCE;
        }
        InodeAttributes a = ctx.attributes(req.ino());
        slot.setFlags(req.ino(), 0);
        if (intent.kind() != LockIntents.MKDIR || !req.commit()) {
            // A committed mkdir changes nothing anyone was told (the directory keeps the times of
            // its creation, as a local mkdir): no ctime, so no recall of the mount that made it,
            // which has just cached it.
            slot.setCtime(req.ino(), ctx.timeNs());
        }
        switch (intent.kind()) {
            case LockIntents.MKDIR -> {
                if (!req.commit()) {
                    slot.removeInode(req.ino(), ctx.freedBlocks());
                }
            }
            case LockIntents.RENAME -> {
                if (req.commit()) {
                    slot.setParent(req.ino(), intent.rename().newParentOf(req.ino()));
                }
            }
            case LockIntents.LINK -> {
                if (!req.commit()) {
                    slot.setNlink(req.ino(), a.nlink() - 1);
                }
            }
            default -> {
                if (req.commit() && FileType.isDirectory(a.mode())) {
                    slot.removeInode(req.ino(), ctx.freedBlocks());
                } else if (req.commit()) {
                    EntryRemoval.dropFileLink(ctx, a);
                }
            }
        }
        return OkReply.INSTANCE;
    }
}
