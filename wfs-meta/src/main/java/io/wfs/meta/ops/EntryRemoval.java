package io.wfs.meta.ops;

import static io.wfs.meta.cross.CrossGroupSteps.RMDIR;
import static io.wfs.meta.cross.CrossGroupSteps.UNLINK;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.posix.Posix;
import io.wfs.common.msg.meta.LockForRemoveRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.UnlinkLockedChildRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.cross.CrossGroupSteps;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.NamespaceException;
import io.wfs.meta.namespace.SlotState;
import java.util.concurrent.CompletableFuture;

/**
 * The rules for taking a name out of a directory, shared by unlink, rmdir and rename over a target,
 * and the leader step unlink and rmdir share ({@link #lead}).
 */
final class EntryRemoval {
    private EntryRemoval() {
    }

    /**
     * The leader step of rmdir ({@code directory}) and unlink: one log entry of this group
     * ({@code op.execute}) when the entry's inode lives here, or is missing; otherwise the
     * cross-group protocol with the lock flag: (1) {@code LockForRemove} in the inode's group (type
     * check, empty directory, lock, intent), (2) {@code UnlinkLockedChild} here (the entry removed
     * with the sticky and permission checks, the lock's receipt, the client's (session, seq)), (3)
     * resolve the lock (commit: delete the directory or drop a file's link; undo: unlock).
     */
    static <Q extends MetaRequest<OkReply>> CompletableFuture<OkReply> lead(GroupLeader leader, MetaOperation<Q, OkReply> op,
                                                                          Q request, long parent, byte[] name,
                                                                          boolean directory) {
        if (!leader.leads()) {
            return leader.inThisGroup(op, request);
        }
        MetaHeader h = request.header();
        return leader.once(h, MessageType.UNLINK_LOCKED_CHILD, () -> removeChild(leader, op, request, parent, name, directory));
    }

    private static <Q extends MetaRequest<OkReply>> CompletableFuture<OkReply> removeChild(
            GroupLeader leader, MetaOperation<Q, OkReply> op, Q request, long parent, byte[] name, boolean directory) {
        MetaHeader h = request.header();
        long child = leader.inspect(h, ctx -> {
            Permissions.require(ctx.directory(parent), ctx.caller(), Posix.X_OK);
            return ctx.slotOf(parent).lookup(parent, name);
        });
        if (child == 0 || leader.owns((int) (child >>> 52))) {
            return leader.inThisGroup(op, request);
        }
        String opName = directory ? RMDIR : UNLINK;
        CrossGroupSteps steps = leader.steps();
        return steps.step(opName, 1, () -> steps.peers().call(new LockForRemoveRequest(steps.internal(), child, parent, name,
                        directory).onBehalfOf(h.session())))
                .thenCompose(victim -> steps.step(opName, 2, () -> leader.propose(MessageType.UNLINK_LOCKED_CHILD,
                        new UnlinkLockedChildRequest(h, parent, name, child, victim.attr().uid(), victim.attr().ctimeNs(),
                                directory)))
                        .handle((removed, error) -> {
                            // A resend that raced an earlier run is answered from that run's record: undo our lock.
                            boolean applied = error == null && leader.stepApplied(h, child, victim.attr().ctimeNs());
                            steps.resolveUnlessUnknown(child, victim.attr().ctimeNs(), applied, error, h.session());
                            if (error != null) {
                                throw WfsException.unwrap(error);
                            }
                            // Step 2's answer: the parent after the removal (leased to the client when granted).
                            return (OkReply) removed;
                        }));
    }

    /**
     * The child {@code name} of {@code dir} after the permission, sticky and lock checks; ENOENT when
     * absent. Linux (may_delete) answers ENOENT before EACCES for a missing name in a directory the
     * caller may search but not write; looking the name up needs only search permission.
     */
    static InodeAttributes checkRemovable(MetaContext ctx, InodeAttributes dir, byte[] name) {
        Permissions.require(dir, ctx.caller(), Posix.X_OK);
        long child = ctx.slotOf(dir.ino()).lookup(dir.ino(), name);
        if (child == 0) {
            throw new WfsException(WfsErrorCode.ENOENT, "no entry");
        }
        Permissions.require(dir, ctx.caller(), Posix.W_OK | Posix.X_OK);
        ctx.requireUnlocked(dir);
        if (!ctx.owns(child)) {
            throw new WfsException(WfsErrorCode.EXDEV, "the entry's inode lives in another group");
        }
        InodeAttributes victim = ctx.attributes(child);
        Permissions.requireStickyAllows(dir, victim, ctx.caller());
        ctx.requireUnlocked(victim);
        return victim;
    }

    /** A directory may be removed only when empty. */
    static void checkEmptyDirectory(MetaContext ctx, InodeAttributes dir) {
        if (ctx.slotOf(dir.ino()).directory(dir.ino()).count() != 0) {
            throw new WfsException(WfsErrorCode.ENOTEMPTY, "directory not empty");
        }
    }

    /**
     * One name of {@code victim} is gone: a directory is deleted (its parent loses a link), a
     * file loses a link (see {@link #dropFileLink}).
     */
    static void dropName(MetaContext ctx, InodeAttributes victim, long fromDir) {
        try {
            if (FileType.isDirectory(victim.mode())) {
                ctx.slotOf(victim.ino()).removeInode(victim.ino(), ctx.freedBlocks());
                SlotState dirSlot = ctx.slotOf(fromDir);
                dirSlot.setNlink(fromDir, dirSlot.nlink(fromDir) - 1);
            } else {
                keepQuotaPath(ctx, victim, fromDir);
                dropFileLink(ctx, victim);
            }
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
    }

    /**
     * A hard-linked file under a quota loses the name its parent pointer names: the pointer moves
     * to the quota directory, so that the quota is still found from the file after that directory
     * goes (SlotQuotas follows parent pointers).
     */
    private static void keepQuotaPath(MetaContext ctx, InodeAttributes victim, long fromDir) {
        if (victim.nlink() > 1 && victim.parent() == fromDir) {
            long quotaRoot = QuotaEdges.rootOf(ctx, victim.ino());
            if (quotaRoot != 0) {
                ctx.slotOf(victim.ino()).setParent(victim.ino(), quotaRoot);
            }
        }
    }

    /**
     * A non-directory loses one link. A regular file losing its last one becomes an orphan (nlink
     * 0, in no directory): only the leader knows whether a session holds it open, so every replica
     * keeps it until the leader releases it (ReleaseOrphansOp), at once when nobody holds it, else
     * after the last close. Other types (no data, never held open) are deleted here.
     */
    static void dropFileLink(MetaContext ctx, InodeAttributes victim) {
        SlotState slot = ctx.slotOf(victim.ino());
        if (victim.nlink() > 1) {
            slot.setNlink(victim.ino(), victim.nlink() - 1);
            slot.setCtime(victim.ino(), ctx.timeNs());
        } else if (FileType.isRegular(victim.mode())) {
            slot.setNlink(victim.ino(), 0);
            slot.setCtime(victim.ino(), ctx.timeNs());
            ctx.clients().openFiles().orphan(victim.ino());
            ctx.leaderOpens().orphaned(victim.ino());
        } else {
            slot.removeInode(victim.ino(), ctx.freedBlocks());
        }
    }
}
