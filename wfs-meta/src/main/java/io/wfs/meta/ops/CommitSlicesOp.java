package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.posix.Posix;
import io.wfs.common.posix.SetIdRules;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.SlotState;
import java.util.concurrent.CompletableFuture;

/**
 * The metadata half of a write: the new slices (newer shadow older where they overlap; blocks
 * no longer referenced go to the deletion queue), the size, mtime and ctime, in one log entry.
 * A write by anyone but root clears set-user-id and set-group-id, as Linux does.
 *
 * <p>Writes go through a descriptor, and POSIX checks the descriptor's access mode (checked at
 * open), not the file's mode bits now: a file created with mode 0 stays writable through the
 * descriptor that created it. A commit {@link CommitSlicesRequest#byOpenFile by an open file}
 * needs the file open in the sending session (leader memory, so {@link #lead} checks it before
 * the entry) and apply then checks only the file's type; any other commit needs write permission.
 */
public final class CommitSlicesOp implements LeasedAttributes<CommitSlicesRequest> {
    @Override
    public MessageType type() {
        return MessageType.COMMIT_SLICES;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public CompletableFuture<AttrReply> lead(GroupLeader leader, CommitSlicesRequest req) {
        if (req.byOpenFile() && leader.leads()) {
            leader.inspect(req.header(), ctx -> {
                if (!ctx.leaderOpens().holds(ctx.caller().session(), req.ino())) {
                    throw new WfsException(WfsErrorCode.EBADF, "inode " + req.ino() + " is not open in this session");
                }
                return null;
            });
        }
        return leader.inThisGroup(this, req);
    }

    @Override
    public AttrReply execute(MetaContext ctx, CommitSlicesRequest req) {
        InodeAttributes a = req.byOpenFile() ? WritableFile.checkType(ctx, req.ino()) : WritableFile.check(ctx, req.ino());
        commit(ctx, a, req.slices(), req.newSize(), ctx.timeNs());
        return new AttrReply(ctx.wire(req.ino()));
    }

    /**
     * The commit of a checked file {@code a}: its slices, size and times, and set-ids cleared for a
     * writer other than root. Also the commit a create batch carries (CreateBatchOp).
     */
    static void commit(MetaContext ctx, InodeAttributes a, java.util.List<SliceInfo> slices, long newSize, long timeNs) {
        long ino = a.ino();
        SlotState slot = ctx.slotOf(ino);
        checkQuota(slot, ino, slices, newSize);
        slot.files().addSlices(ino, slices, ctx.freedBlocks());
        if (newSize > slot.size(ino)) {
            slot.files().truncate(ino, newSize, ctx.freedBlocks());
        }
        slot.setMtime(ino, timeNs);
        slot.setCtime(ino, timeNs);
        int permissions = a.mode() & Posix.PERMISSION_BITS;
        int cleared = SetIdRules.withoutSetIds(permissions, ctx.caller().inGroup(a.gid()));
        if (!ctx.caller().isRoot() && cleared != permissions) {
            slot.setPermissions(ino, cleared);
        }
    }

    /** The whole commit is refused (EDQUOT) before any slice lands when its growth passes the file's quota. */
    private static void checkQuota(SlotState slot, long ino, java.util.List<SliceInfo> slices, long newSize) {
        long end = newSize;
        for (SliceInfo s : slices) {
            end = Math.max(end, s.fileOffset() + s.length());
        }
        long growth = end - slot.size(ino);
        if (growth > 0) {
            slot.quotas().checkGrowth(ino, growth, 0);
        }
    }
}
