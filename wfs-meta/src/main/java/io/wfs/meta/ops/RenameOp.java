package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.DirectoryEntries;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.namespace.SlotState;
import java.util.concurrent.CompletableFuture;

/**
 * rename and renameat2 (NOREPLACE, EXCHANGE). Within one group it is one log entry, so atomic
 * ({@link #execute}); {@link #lead} hands the others to {@code io.wfs.meta.cross.CrossGroupRename}
 * (lease, locks, destination entry as the commit point, source entry, resolve). A
 * directory may not move into its own subtree (EINVAL); replacing follows POSIX (a directory
 * only by an empty directory, a non-directory only by a non-directory).
 */
public final class RenameOp implements MetaOperation<RenameRequest, OkReply> {
    /** Deeper than any real tree; stops a walk over corrupt parent pointers. */
    private static final int MAX_DEPTH = 65_536;

    @Override
    public MessageType type() {
        return MessageType.RENAME;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    /**
     * On the leader of the source parent's group: a retried rename is answered from the outcome
     * its source step recorded ({@link GroupLeader#once}); a rename whose inodes are all here is one log entry; any other
     * runs the cross-group protocol on the rename threads.
     */
    @Override
    public CompletableFuture<OkReply> lead(GroupLeader leader, RenameRequest req) {
        if (!leader.leads()) {
            return leader.inThisGroup(this, req);
        }
        MetaHeader h = req.header();
        return leader.once(h, MessageType.RENAME_ENTRIES, () -> {
            if (leader.inspect(h, ctx -> isLocal(ctx, req))) {
                return leader.inThisGroup(this, req);
            }
            leader.inspect(h, ctx -> {
                QuotaEdges.requireNoQuota(ctx, req.srcParent());
                return null;
            });
            return leader.steps().rename(leader.replica(), req);
        });
    }

    /**
     * True when every inode the rename reads or changes is in this group, including the ancestors
     * a directory move checks; such a rename is one atomic log entry ({@link RenameOp}). Errors
     * are left to that path, which reports them in Linux's order.
     */
    private static boolean isLocal(MetaContext ctx, RenameRequest req) {
        try {
            if (!ctx.owns(req.dstParent())) {
                return false;
            }
            long moved = ctx.slotOf(req.srcParent()).lookup(req.srcParent(), req.srcName());
            long replaced = ctx.slotOf(req.dstParent()).lookup(req.dstParent(), req.dstName());
            if (moved == 0) {
                return true;
            }
            if (!ctx.owns(moved) || (replaced != 0 && !ctx.owns(replaced))) {
                return false;
            }
            if (req.srcParent() == req.dstParent()) {
                return true;
            }
            boolean chainsLocal = !isDirectory(ctx, moved) || ancestorsLocal(ctx, req.dstParent());
            if (replaced != 0 && isDirectory(ctx, replaced)) {
                chainsLocal &= ancestorsLocal(ctx, req.srcParent());
            }
            return chainsLocal;
        } catch (WfsException e) {
            return true;
        }
    }

    private static boolean ancestorsLocal(MetaContext ctx, long dir) {
        // Within a quota the trap check stops at the quota directory (checkNotInSubtree).
        long quotaRoot = QuotaEdges.rootOf(ctx, dir);
        for (long cur = dir; cur != InodeNumbers.ROOT && cur != quotaRoot; cur = ctx.slotOf(cur).parent(cur)) {
            if (!ctx.owns(cur) || !ctx.slotOf(cur).contains(cur)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The checks come in the order Linux makes them (do_renameat2, vfs_rename, then the file
     * system), so that when several errors apply the caller gets the one Linux gives: the source
     * name (ENOENT); the target name (NOREPLACE: EEXIST, EXCHANGE: ENOENT); the subtree traps
     * (EINVAL, or ENOTEMPTY when a non-exchange target is an ancestor of the source); the same
     * inode under both names (success, nothing changes, before any write-permission check); then
     * permissions and sticky bits on both ends; the target's type; a non-empty directory target.
     */
    @Override
    public OkReply execute(MetaContext ctx, RenameRequest req) {
        InodeAttributes srcDir = ctx.directory(req.srcParent());
        requireLocal(ctx, req.dstParent());
        InodeAttributes dstDir = ctx.directory(req.dstParent());
        Permissions.require(srcDir, ctx.caller(), Posix.X_OK);
        long srcIno = ctx.slotOf(req.srcParent()).lookup(req.srcParent(), req.srcName());
        if (srcIno == 0) {
            throw new WfsException(WfsErrorCode.ENOENT, "no entry");
        }
        requireLocal(ctx, srcIno);
        Permissions.require(dstDir, ctx.caller(), Posix.X_OK);
        boolean exchange = req.flags() == RenameRequest.EXCHANGE;
        long dstIno = ctx.slotOf(req.dstParent()).lookup(req.dstParent(), req.dstName());
        if (dstIno != 0) {
            requireLocal(ctx, dstIno);
        }
        if (dstIno == 0 && exchange) {
            throw new WfsException(WfsErrorCode.ENOENT, "nothing to exchange with");
        }
        if (dstIno != 0 && req.flags() == RenameRequest.NOREPLACE) {
            throw new WfsException(WfsErrorCode.EEXIST, "destination exists");
        }
        boolean moves = req.srcParent() != req.dstParent();
        if (moves) {
            checkTraps(ctx, srcIno, dstIno, req, exchange);
        }
        if (dstIno == srcIno) {
            return OkReply.INSTANCE;
        }
        if (moves) {
            QuotaEdges.requireSameQuota(ctx, req.srcParent(), req.dstParent());
        }
        InodeAttributes src = EntryRemoval.checkRemovable(ctx, srcDir, req.srcName());
        InodeAttributes dst;
        if (dstIno == 0) {
            Permissions.require(dstDir, ctx.caller(), Posix.W_OK | Posix.X_OK);
            ctx.requireUnlocked(dstDir);
            dst = null;
        } else {
            dst = EntryRemoval.checkRemovable(ctx, dstDir, req.dstName());
            if (!exchange) {
                checkTypes(src, dst);
            }
        }
        if (moves && FileType.isDirectory(src.mode())) {
            // Its ".." entry changes.
            Permissions.require(src, ctx.caller(), Posix.W_OK);
        }
        if (moves && exchange && FileType.isDirectory(dst.mode())) {
            Permissions.require(dst, ctx.caller(), Posix.W_OK);
        }
        if (exchange) {
            exchange(ctx, req, src, dst);
        } else {
            if (dst != null && FileType.isDirectory(dst.mode())) {
                EntryRemoval.checkEmptyDirectory(ctx, dst);
            }
            move(ctx, req, src, dst);
        }
        ctx.touchDirectory(req.srcParent());
        if (moves) {
            ctx.touchDirectory(req.dstParent());
        }
        return OkReply.INSTANCE;
    }

    /**
     * Linux's lock_rename trap between different parents: a directory may not move into its own
     * subtree (EINVAL), and a target that is an ancestor of the source is refused as a non-empty
     * directory (ENOTEMPTY; EINVAL for an exchange, which would move it into its own subtree).
     */
    private static void checkTraps(MetaContext ctx, long srcIno, long dstIno, RenameRequest req, boolean exchange) {
        if (isDirectory(ctx, srcIno)) {
            checkNotInSubtree(ctx, srcIno, req.dstParent());
        }
        if (dstIno != 0 && isDirectory(ctx, dstIno)) {
            try {
                checkNotInSubtree(ctx, dstIno, req.srcParent());
            } catch (WfsException e) {
                if (e.code() == WfsErrorCode.EINVAL && !exchange) {
                    throw new WfsException(WfsErrorCode.ENOTEMPTY, "the target is an ancestor of the source");
                }
                throw e;
            }
        }
    }

    private static boolean isDirectory(MetaContext ctx, long ino) {
        return FileType.isDirectory(ctx.attributes(ino).mode());
    }

    /**
     * This group's coordinator sends a rename here as one entry only when every inode it touches
     * is local (otherwise it runs the cross-group protocol); one that changed in between is sent
     * back with LOCKED, and the client's resend takes the cross-group way.
     */
    private static void requireLocal(MetaContext ctx, long ino) {
        if (!ctx.owns(ino)) {
            throw new WfsException(WfsErrorCode.LOCKED, "inode " + ino + " of the rename is in another group; retry");
        }
    }

    private static void checkTypes(InodeAttributes src, InodeAttributes dst) {
        checkTypes(src.mode(), dst.mode());
    }

    /** A directory replaces only a directory, a non-directory only a non-directory (may_delete). */
    public static void checkTypes(int srcMode, int dstMode) {
        boolean srcDir = FileType.isDirectory(srcMode);
        boolean dstDir = FileType.isDirectory(dstMode);
        if (srcDir && !dstDir) {
            throw new WfsException(WfsErrorCode.ENOTDIR, "cannot replace a non-directory with a directory");
        }
        if (!srcDir && dstDir) {
            throw new WfsException(WfsErrorCode.EISDIR, "cannot replace a directory with a non-directory");
        }
    }

    private static void move(MetaContext ctx, RenameRequest req, InodeAttributes src, InodeAttributes dst) {
        DirectoryEntries to = ctx.slotOf(req.dstParent()).directory(req.dstParent());
        if (dst != null) {
            to.replace(req.dstName(), src.ino(), FileType.typeCode(src.mode()));
            EntryRemoval.dropName(ctx, dst, req.dstParent());
        } else {
            to.insert(req.dstName(), src.ino(), FileType.typeCode(src.mode()));
        }
        ctx.slotOf(req.srcParent()).removeEntry(req.srcParent(), req.srcName());
        if (FileType.isDirectory(src.mode()) && req.srcParent() != req.dstParent()) {
            addLinks(ctx, req.srcParent(), -1);
            addLinks(ctx, req.dstParent(), +1);
        }
        reparent(ctx, src.ino(), req.dstParent());
    }

    private static void exchange(MetaContext ctx, RenameRequest req, InodeAttributes src, InodeAttributes dst) {
        ctx.slotOf(req.srcParent()).directory(req.srcParent())
                .replace(req.srcName(), dst.ino(), FileType.typeCode(dst.mode()));
        ctx.slotOf(req.dstParent()).directory(req.dstParent())
                .replace(req.dstName(), src.ino(), FileType.typeCode(src.mode()));
        if (req.srcParent() != req.dstParent()) {
            int delta = (FileType.isDirectory(dst.mode()) ? 1 : 0) - (FileType.isDirectory(src.mode()) ? 1 : 0);
            addLinks(ctx, req.srcParent(), delta);
            addLinks(ctx, req.dstParent(), -delta);
        }
        reparent(ctx, src.ino(), req.dstParent());
        reparent(ctx, dst.ino(), req.srcParent());
    }

    private static void reparent(MetaContext ctx, long ino, long newParent) {
        SlotState s = ctx.slotOf(ino);
        s.setParent(ino, newParent);
        s.setCtime(ino, ctx.timeNs());
    }

    private static void addLinks(MetaContext ctx, long dir, int delta) {
        if (delta != 0) {
            SlotState s = ctx.slotOf(dir);
            s.setNlink(dir, s.nlink(dir) + delta);
        }
    }

    /**
     * EINVAL when {@code moved} is {@code target} or one of its ancestors. An ancestor held by a
     * cross-group operation answers LOCKED: a cross-group rename may be moving it, and its parent
     * pointer cannot be trusted until it is resolved (docs/metadata.md, rename across groups).
     */
    static void checkNotInSubtree(MetaContext ctx, long moved, long target) {
        // Inside one quota the walk may stop at the quota directory: moved is below it (or is it).
        long quotaRoot = QuotaEdges.rootOf(ctx, target);
        long stop = quotaRoot != 0 && QuotaEdges.rootOf(ctx, moved) == quotaRoot ? quotaRoot : InodeNumbers.ROOT;
        long cur = target;
        for (int depth = 0; depth < MAX_DEPTH; depth++) {
            if (cur == moved) {
                throw new WfsException(WfsErrorCode.EINVAL, "cannot move a directory into its own subtree");
            }
            if (cur == stop || cur == InodeNumbers.ROOT) {
                return;
            }
            requireLocal(ctx, cur);
            if (ctx.attributes(cur).locked()) {
                throw new WfsException(WfsErrorCode.LOCKED, "an ancestor of the destination is locked; retry");
            }
            cur = ctx.slotOf(cur).parent(cur);
        }
        throw new WfsException(WfsErrorCode.ELOOP, "directory tree deeper than " + MAX_DEPTH);
    }
}
