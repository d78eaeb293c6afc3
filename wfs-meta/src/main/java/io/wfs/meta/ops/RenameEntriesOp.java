package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.RenameEntriesRequest;
import io.wfs.common.msg.meta.RenamePlan;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.DirectoryEntries;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.SlotState;

/**
 * Cross-group rename, the entry steps (see {@link RenameEntriesRequest}). The target part is the
 * commit point: once the destination names the moved inode, the rename is rolled forward by
 * whoever finishes it. So the caller's checks on the destination happen here, within the lock
 * window, and the source part only applies what was decided: it acts if the source name still
 * names the moved inode and does nothing otherwise, which makes it safe to repeat (the coordinator
 * and a sweep may both send it; the client's (session, seq) makes the second a replay).
 */
public final class RenameEntriesOp implements MetaOperation<RenameEntriesRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.RENAME_ENTRIES;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public OkReply execute(MetaContext ctx, RenameEntriesRequest req) {
        RenamePlan plan = req.plan();
        if (req.target()) {
            target(ctx, req, plan);
        }
        if (req.source()) {
            source(ctx, plan);
        }
        return OkReply.INSTANCE;
    }

    private static void target(MetaContext ctx, RenameEntriesRequest req, RenamePlan plan) {
        InodeAttributes dir = ctx.directory(plan.dstParent());
        Permissions.require(dir, ctx.caller(), Posix.W_OK | Posix.X_OK);
        ctx.requireUnlocked(dir);
        QuotaEdges.requireNoQuota(ctx, plan.dstParent());
        long current = ctx.slotOf(plan.dstParent()).lookup(plan.dstParent(), plan.dstName());
        if (current != plan.replaced()) {
            throw new WfsException(WfsErrorCode.LOCKED, "the destination changed while the rename was prepared; retry");
        }
        if (plan.replaced() != 0) {
            Permissions.requireStickyAllows(dir, req.replacedUid(), ctx.caller());
        }
        boolean moves = plan.srcParent() != plan.dstParent();
        int links = (moves && FileType.isDirectory(plan.movedMode()) ? 1 : 0)
                - (plan.replaced() != 0 && FileType.isDirectory(plan.replacedMode()) && (moves || !plan.exchange()) ? 1 : 0);
        if (links > 0 && dir.nlink() >= MetaContext.MAX_LINKS) {
            throw new WfsException(WfsErrorCode.EMLINK, "too many subdirectories");
        }
        CrossGroupTiming.requireLiveLock(ctx, plan.moved(), req.movedLockTimeNs());
        if (plan.replaced() != 0) {
            CrossGroupTiming.requireLiveLock(ctx, plan.replaced(), req.replacedLockTimeNs());
        }
        SlotState slot = ctx.slotOf(plan.dstParent());
        DirectoryEntries entries = slot.directory(plan.dstParent());
        if (plan.replaced() == 0) {
            entries.insert(plan.dstName(), plan.moved(), FileType.typeCode(plan.movedMode()));
        } else {
            entries.replace(plan.dstName(), plan.moved(), FileType.typeCode(plan.movedMode()));
        }
        // The sweeps of both locks decide by these receipts, not by the destination entry: a file
        // may have been named there already (another link) without this rename having happened.
        ctx.intents().receipts().record(plan.moved(), req.movedLockTimeNs(), ctx.timeNs());
        if (plan.replaced() != 0) {
            ctx.intents().receipts().record(plan.replaced(), req.replacedLockTimeNs(), ctx.timeNs());
        }
        slot.setNlink(plan.dstParent(), dir.nlink() + links);
        ctx.touchDirectory(plan.dstParent());
    }

    private static void source(MetaContext ctx, RenamePlan plan) {
        SlotState slot = ctx.slotOf(plan.srcParent());
        if (!slot.contains(plan.srcParent()) || slot.lookup(plan.srcParent(), plan.srcName()) != plan.moved()) {
            return;
        }
        if (plan.exchange()) {
            slot.directory(plan.srcParent()).replace(plan.srcName(), plan.replaced(), FileType.typeCode(plan.replacedMode()));
        } else {
            slot.removeEntry(plan.srcParent(), plan.srcName());
        }
        if (plan.srcParent() != plan.dstParent()) {
            int links = (plan.exchange() && FileType.isDirectory(plan.replacedMode()) ? 1 : 0)
                    - (FileType.isDirectory(plan.movedMode()) ? 1 : 0);
            slot.setNlink(plan.srcParent(), slot.nlink(plan.srcParent()) + links);
        }
        ctx.touchDirectory(plan.srcParent());
    }
}
