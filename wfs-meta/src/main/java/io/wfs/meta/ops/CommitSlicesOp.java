package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.posix.Posix;
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
        SlotState slot = ctx.slotOf(req.ino());
        checkQuota(slot, req);
        for (SliceInfo s : req.slices()) {
            slot.addSlice(req.ino(), s.fileOffset(), s.length(), s.volume(), s.blockId(), s.blockOffset(),
                    ctx.freedBlocks());
        }
        if (req.newSize() > slot.size(req.ino())) {
            slot.truncate(req.ino(), req.newSize(), ctx.freedBlocks());
        }
        slot.setMtime(req.ino(), ctx.timeNs());
        slot.setCtime(req.ino(), ctx.timeNs());
        int permissions = a.mode() & Posix.PERMISSION_BITS;
        int cleared = Permissions.withoutSetIds(permissions, ctx.caller().inGroup(a.gid()));
        if (!ctx.caller().isRoot() && cleared != permissions) {
            slot.setPermissions(req.ino(), cleared);
        }
        return new AttrReply(ctx.wire(req.ino()));
    }

    /** The whole commit is refused (EDQUOT) before any slice lands when its growth passes the file's quota. */
    private static void checkQuota(SlotState slot, CommitSlicesRequest req) {
        long end = req.newSize();
        for (SliceInfo s : req.slices()) {
            end = Math.max(end, s.fileOffset() + s.length());
        }
        long growth = end - slot.size(req.ino());
        if (growth > 0) {
            slot.quotas().checkGrowth(req.ino(), growth, 0);
        }
    }
}
