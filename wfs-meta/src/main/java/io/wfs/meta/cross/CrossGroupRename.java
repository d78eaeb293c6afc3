package io.wfs.meta.cross;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.LockForRemoveRequest;
import io.wfs.common.msg.meta.LockForRenameRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.RenameEntriesRequest;
import io.wfs.common.msg.meta.RenameLeaseRequest;
import io.wfs.common.msg.meta.RenamePlan;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.server.MetaGroupReplica;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * A rename whose inodes span groups, run by the leader of the source parent's group
 * (docs/metadata.md): (1) the rename lease, when a directory moves to another parent;
 * (2) lock the moved inode with the plan as its intent; (3) lock the replaced inode (for removal,
 * or with the plan for an exchange) and, under the lease, check the destination's ancestors;
 * (4) the destination entry, the commit point; (5) the source entry, recording the client's
 * outcome (one log entry with step 4 when both parents share a group); (6) resolve the locks:
 * the moved inode takes its new parent, the replaced one loses its name. A coordinator that
 * stops anywhere leaves locks whose intents the groups' sweeps finish: forward if the
 * destination names the moved inode, back otherwise.
 */
final class CrossGroupRename {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CrossGroupRename.class);
    static final String RENAME = "rename";

    private final CrossGroupCalls calls;
    private final RenamePreparation preparation;
    private final Supplier<CrossGroupFaults> faults;

    private final long leaseTermNs;

    CrossGroupRename(CrossGroupCalls calls, Supplier<CrossGroupFaults> faults, java.time.Duration leaseTerm) {
        this.calls = calls;
        this.leaseTermNs = leaseTerm.toNanos();
        this.preparation = new RenamePreparation(calls);
        this.faults = faults;
    }

    /** A test hook stopped the coordinator: it must do nothing more, as if its process had died. */
    private static final class Stopped extends RuntimeException {
        Stopped(String message) {
            super(message, null, false, false);
        }
    }

    OkReply run(MetaGroupReplica replica, RenameRequest req) {
        try {
            // Step 0: before the coordinator reads what it plans from (a test pauses a resend here).
            step(0);
            RenamePreparation.Prepared prepared = preparation.prepare(replica, req);
            if (prepared == null) {
                return OkReply.INSTANCE;
            }
            return execute(replica, req.header(), prepared);
        } catch (Stopped e) {
            throw new WfsException(WfsErrorCode.UNAVAILABLE, "coordinator stopped: " + e.getMessage());
        }
    }

    private OkReply execute(MetaGroupReplica replica, MetaHeader h, RenamePreparation.Prepared p) {
        RenamePlan plan = p.plan();
        long holder = p.needsLease() ? ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE) : 0;
        long movedLockNs = 0;
        long replacedLockNs = 0;
        boolean committed = false;
        boolean stopped = false;
        try {
            if (holder != 0) {
                step(1);
                calls.call(new RenameLeaseRequest(calls.internal(), holder, true, leaseTermNs));
            }
            step(2);
            movedLockNs = calls.call(new LockForRenameRequest(calls.internal(), plan.moved(), plan)).attr().ctimeNs();
            requireSourceStillNamesMoved(replica, h, plan);
            if (plan.replaced() != 0) {
                step(3);
                replacedLockNs = plan.exchange()
                        ? calls.call(new LockForRenameRequest(calls.internal(), plan.replaced(), plan)).attr().ctimeNs()
                        : calls.call(new LockForRemoveRequest(calls.internal(), plan.replaced(), plan.dstParent(),
                                plan.dstName(), FileType.isDirectory(plan.replacedMode()))).attr().ctimeNs();
            }
            if (holder != 0) {
                checkAncestors(h, plan);
            }
            requireNotAnsweredYet(replica, h);
            int replacedUid = p.replaced() == null ? 0 : p.replaced().uid();
            step(4);
            if (replica.machine().owns((int) (plan.dstParent() >>> 52))) {
                calls.await(replica.propose(MessageType.RENAME_ENTRIES,
                        new RenameEntriesRequest(h, plan, true, true, replacedUid, movedLockNs, replacedLockNs)));
                committed = true;
            } else {
                calls.call(new RenameEntriesRequest(calls.asCaller(h), plan, true, false, replacedUid, movedLockNs,
                        replacedLockNs));
                committed = true;
                step(5);
                calls.await(replica.propose(MessageType.RENAME_ENTRIES,
                        new RenameEntriesRequest(h, plan, false, true, replacedUid, movedLockNs, replacedLockNs)));
            }
            step(6);
            finish(plan.moved(), movedLockNs, plan.replaced(), replacedLockNs);
            return OkReply.INSTANCE;
        } catch (WfsException e) {
            if (!committed && !StepOutcome.unknown(e)) {
                // Nothing changed yet: take the locks back now rather than after their expiry.
                undo(plan.moved(), movedLockNs);
                undo(plan.replaced(), replacedLockNs);
            }
            // Committed, or the target step's outcome is unknown: the sweeps decide from the target
            // step's receipts. Committed but the source step failed: the sweep finishes it, and the client's resend
            // is answered once the source group has recorded the outcome.
            throw e;
        } catch (Stopped e) {
            stopped = true;
            throw e;
        } finally {
            if (holder != 0 && !stopped) {
                release(holder);
            }
        }
    }

    /**
     * A resend that passed the replay check while its first run was still going, and planned only
     * after that run was done: an exchange finds both names again (swapped) and would swap them
     * back, a second execution of one request. Under this run's locks no other run of the request
     * can finish any more, so the record's absence now (this replica has seen everything up to the
     * read barrier of {@link #requireSourceStillNamesMoved}) means no run has. LOCKED: the locks are
     * undone, and the client is answered from the record ({@code GroupLeader.once}). Without this
     * the resend's entry steps, under the client's (session, seq), were answered from the first
     * run's record without running, and the run resolved its locks as committed (the storm's
     * "directory has parent pointer"), or, across two groups, swapped the names back.
     */
    private static void requireNotAnsweredYet(MetaGroupReplica replica, MetaHeader h) {
        if (h.session() != 0 && replica.machine().recordedResult(h.session(), h.seq(), MessageType.RENAME_ENTRIES) != null) {
            throw new WfsException(WfsErrorCode.LOCKED, "an earlier run of this rename was answered already");
        }
    }

    /**
     * The source name was read before the lock: a rename that finished in between may have moved
     * the inode away, and committing now would give it a second name. Once it is locked nothing else
     * can change that entry, so one look here (this group owns the source parent) after the lock
     * settles it; LOCKED makes the client resend, and the resend prepares afresh. The look waits
     * for a read barrier first: this replica may have lost its leadership since the rename began
     * (the storm with moving leaders found it), and its state then lacks the new leader's entries,
     * among them the other rename's source step.
     */
    private void requireSourceStillNamesMoved(MetaGroupReplica replica, MetaHeader h, RenamePlan plan) {
        try {
            calls.await(replica.raft().readBarrier());
        } catch (WfsException e) {
            throw new WfsException(WfsErrorCode.LOCKED, "could not confirm the source of the rename; retry", e);
        }
        long named = replica.machine().inspect(h, MetaGroupReplica.nowNs(),
                ctx -> ctx.slotOf(plan.srcParent()).lookup(plan.srcParent(), plan.srcName()));
        if (named != plan.moved()) {
            throw new WfsException(WfsErrorCode.LOCKED, "the source of the rename changed while it was prepared; retry");
        }
    }

    /** Under the lease: the moved directory must not be an ancestor of its new parent (and in an exchange, likewise for the other). */
    private void checkAncestors(MetaHeader h, RenamePlan plan) {
        MetaHeader reader = h.withSequence(0, 0, 0);
        if (FileType.isDirectory(plan.movedMode())) {
            preparation.requireNotAncestor(reader, plan.moved(), plan.dstParent());
        }
        if (plan.exchange() && FileType.isDirectory(plan.replacedMode())) {
            preparation.requireNotAncestor(reader, plan.replaced(), plan.srcParent());
        }
    }

    /**
     * Resolves both locks and waits for them, so that the caller, once answered, sees the moved
     * inode's new parent and the replaced one gone. A failure is left to the sweeps: the rename
     * is decided, and answering it as failed would be wrong.
     */
    private void finish(long moved, long movedLockNs, long replaced, long replacedLockNs) {
        CompletableFuture<?> both = CompletableFuture.allOf(resolve(moved, movedLockNs, true),
                replaced == 0 ? CompletableFuture.completedFuture(null) : resolve(replaced, replacedLockNs, true));
        try {
            calls.await(both);
        } catch (WfsException e) {
            LOG.warn("rename of {} committed, resolving its locks failed (the sweep finishes it): {}", moved, e.toString());
        }
    }

    private CompletableFuture<?> resolve(long ino, long lockTimeNs, boolean commit) {
        return calls.peers().call(new ResolveLockRequest(calls.internal(), ino, lockTimeNs, commit));
    }

    /** Undoes the lock on {@code ino} if it was taken ({@code lockTimeNs} is 0 before that). */
    private void undo(long ino, long lockTimeNs) {
        if (ino != 0 && lockTimeNs != 0) {
            resolve(ino, lockTimeNs, false);
        }
    }

    private void release(long holder) {
        calls.peers().call(new RenameLeaseRequest(calls.internal(), holder, false, 0));
    }

    private void step(int step) {
        try {
            faults.get().beforeStep(RENAME, step);
        } catch (RuntimeException e) {
            throw new Stopped("before " + RENAME + " step " + step + ": " + e.getMessage());
        }
    }
}
