package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.LockForLinkRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.InodeFlags;
import io.wfs.meta.namespace.SlotState;

/**
 * Cross-group link, step 1, in the target's group: a non-directory below the link limit gets
 * its new link counted now and is locked with the intent (newParent, newName); undoing takes
 * the count back. The lock time is its ctime (a link changes ctime anyway; mtime is untouched).
 */
public final class LockForLinkOp implements MetaOperation<LockForLinkRequest, AttrReply> {
    @Override
    public MessageType type() {
        return MessageType.LOCK_FOR_LINK;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public AttrReply execute(MetaContext ctx, LockForLinkRequest req) {
        InodeAttributes a = ctx.attributes(req.ino());
        if (FileType.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.EPERM, "hard links to directories are not allowed");
        }
        ctx.requireUnlocked(a);
        LinkOp.requireNamed(a);
        QuotaEdges.requireNoQuota(ctx, req.ino());
        if (a.nlink() >= MetaContext.MAX_LINKS) {
            throw new WfsException(WfsErrorCode.EMLINK, "too many links");
        }
        SlotState slot = ctx.slotOf(req.ino());
        slot.setNlink(req.ino(), a.nlink() + 1);
        slot.setFlags(req.ino(), InodeFlags.LOCK);
        slot.setCtime(req.ino(), ctx.timeNs());
        ctx.intents().put(new LockIntents.Intent(req.ino(), LockIntents.LINK, req.newParent(), req.newName().clone(),
                ctx.timeNs()));
        return new AttrReply(ctx.wire(req.ino()));
    }
}
