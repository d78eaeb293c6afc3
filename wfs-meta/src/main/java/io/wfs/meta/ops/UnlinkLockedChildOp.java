package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.UnlinkLockedChildRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;

/**
 * Cross-group rmdir or unlink, step 2, in the parent's group: removes the entry if it still names the
 * locked child, with the parent's permission and sticky rules, within the lock window.
 */
public final class UnlinkLockedChildOp implements LeasedRemoval<UnlinkLockedChildRequest> {
    @Override
    public MessageType type() {
        return MessageType.UNLINK_LOCKED_CHILD;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public boolean servedOverRpc() {
        return false;
    }

    @Override
    public OkReply execute(MetaContext ctx, UnlinkLockedChildRequest req) {
        InodeAttributes dir = ctx.directory(req.parent());
        Permissions.require(dir, ctx.caller(), Posix.W_OK | Posix.X_OK);
        ctx.requireUnlocked(dir);
        if (ctx.slotOf(req.parent()).lookup(req.parent(), req.name()) != req.child()) {
            throw new WfsException(WfsErrorCode.ENOENT, "the entry no longer names the directory");
        }
        Permissions.requireStickyAllows(dir, req.childUid(), ctx.caller());
        CrossGroupTiming.requireLiveLock(ctx, req.child(), req.lockTimeNs());
        ctx.slotOf(req.parent()).removeEntry(req.parent(), req.name());
        ctx.intents().receipts().record(req.child(), req.lockTimeNs(), ctx.timeNs());
        if (req.directory()) {
            ctx.slotOf(req.parent()).setNlink(req.parent(), dir.nlink() - 1);
        }
        ctx.touchDirectory(req.parent());
        return OkReply.changed(ctx.wire(req.parent()));
    }

    @Override
    public long directoryOf(UnlinkLockedChildRequest request) {
        return request.parent();
    }
}
