package io.wfs.meta.cross;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.RenamePlan;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.ops.Permissions;
import io.wfs.meta.ops.RenameOp;
import io.wfs.meta.server.MetaGroupReplica;

/**
 * The coordinator's reads and checks before a rename's first change: which inodes it touches
 * (local or fetched from their groups), the caller's permissions on both ends, the type rules.
 * (Whether a rename can stay one log entry of this group is {@code RenameOp.lead}'s decision.)
 */
final class RenamePreparation {
    /** A rename ready to run: its plan and the attributes it was decided on. */
    record Prepared(RenamePlan plan, InodeAttr moved, InodeAttr replaced, boolean needsLease) {
    }

    private final CrossGroupCalls calls;

    RenamePreparation(CrossGroupCalls calls) {
        this.calls = calls;
    }

    /** The plan of {@code req}, or null when source and destination already name the same inode (nothing to do). */
    Prepared prepare(MetaGroupReplica replica, RenameRequest req) {
        MetaHeader h = req.header();
        boolean exchange = req.flags() == RenameRequest.EXCHANGE;
        long moved = replica.machine().inspect(h, MetaGroupReplica.nowNs(), ctx -> {
            Permissions.require(ctx.directory(req.srcParent()), ctx.caller(), Posix.X_OK);
            return ctx.slotOf(req.srcParent()).lookup(req.srcParent(), req.srcName());
        });
        if (moved == 0) {
            throw new WfsException(WfsErrorCode.ENOENT, "no entry");
        }
        InodeAttr dstDir = calls.getAttr(h, req.dstParent()).attr();
        if (!FileType.isDirectory(dstDir.mode())) {
            throw new WfsException(WfsErrorCode.ENOTDIR, "the destination parent is not a directory");
        }
        io.wfs.meta.ops.Caller caller = io.wfs.meta.ops.Caller.of(h);
        Permissions.require(dstDir, caller, Posix.X_OK);
        long replaced = calls.lookupOrZero(new LookupRequest(h, req.dstParent(), req.dstName()));
        if (replaced == 0 && exchange) {
            throw new WfsException(WfsErrorCode.ENOENT, "nothing to exchange with");
        }
        if (replaced != 0 && req.flags() == RenameRequest.NOREPLACE) {
            throw new WfsException(WfsErrorCode.EEXIST, "destination exists");
        }
        if (replaced == moved) {
            return null;
        }
        InodeAttr m = calls.getAttr(h, moved).attr();
        InodeAttr r = replaced == 0 ? null : calls.getAttr(h, replaced).attr();
        replica.machine().inspect(h, MetaGroupReplica.nowNs(), ctx -> {
            InodeAttributes srcDir = ctx.directory(req.srcParent());
            Permissions.require(srcDir, ctx.caller(), Posix.W_OK | Posix.X_OK);
            ctx.requireUnlocked(srcDir);
            Permissions.requireStickyAllows(srcDir, m.uid(), ctx.caller());
            return null;
        });
        Permissions.require(dstDir, caller, Posix.W_OK | Posix.X_OK);
        if (r != null && !exchange) {
            RenameOp.checkTypes(m.mode(), r.mode());
        }
        boolean moves = req.srcParent() != req.dstParent();
        boolean movesDirectory = moves && FileType.isDirectory(m.mode());
        boolean movesOtherDirectory = moves && exchange && FileType.isDirectory(r.mode());
        if (movesDirectory) {
            // Its ".." entry changes.
            Permissions.require(m, caller, Posix.W_OK);
        }
        if (movesOtherDirectory) {
            Permissions.require(r, caller, Posix.W_OK);
        }
        RenamePlan plan = new RenamePlan(req, moved, m.mode(), replaced, r == null ? 0 : r.mode());
        return new Prepared(plan, m, r, movesDirectory || movesOtherDirectory);
    }

    /**
     * EINVAL when {@code moved} is {@code dir} or one of its ancestors, walking parent pointers
     * through any group. Runs after the moved inode is locked and under the rename lease; an
     * ancestor held by another cross-group operation answers LOCKED, as its parent pointer may
     * be about to change.
     */
    void requireNotAncestor(MetaHeader h, long moved, long dir) {
        long cur = dir;
        for (int depth = 0; depth < 65_536; depth++) {
            if (cur == moved) {
                throw new WfsException(WfsErrorCode.EINVAL, "cannot move a directory into its own subtree");
            }
            if (cur == InodeNumbers.ROOT) {
                return;
            }
            // Linearizable: a parent pointer read from a deposed leader could predate the last move.
            AttrReply a = calls.getAttr(h.withLinearizableRead(), cur);
            if (a.locked()) {
                throw new WfsException(WfsErrorCode.LOCKED, "an ancestor of the destination is locked; retry");
            }
            cur = a.attr().parent();
        }
        throw new WfsException(WfsErrorCode.ELOOP, "directory tree deeper than 65536");
    }
}
