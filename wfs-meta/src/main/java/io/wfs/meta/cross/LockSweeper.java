package io.wfs.meta.cross;

import io.wfs.common.msg.meta.StepCheckRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.RenameEntriesRequest;
import io.wfs.common.msg.meta.RenamePlan;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.rpc.Response;
import java.util.concurrent.CompletableFuture;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.route.MetaClient;
import io.wfs.meta.ops.MetaContext;
import io.wfs.meta.server.MetaGroupReplica;
import it.unimi.dsi.fastutil.longs.LongSet;
import it.unimi.dsi.fastutil.longs.LongSets;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * On a group's leader: finds locked inodes whose lock expired (their coordinator crashed or
 * lost its way) and finishes each from its intent, by asking the parent's group, through its
 * log, whether the step there happened: a created directory whose entry exists is kept; a link,
 * a removal or a rename whose receipt exists is finished; anything else is undone or rolled
 * back. A "no" fences the step in the parent's group, so a late step can never contradict the
 * decision.
 */
public final class LockSweeper {
    private static final Logger LOG = LoggerFactory.getLogger(LockSweeper.class);

    private final MetaClient peers;
    private final LongSet inProgress = LongSets.synchronize(new LongOpenHashSet());

    public LockSweeper(MetaClient peers) {
        this.peers = peers;
    }

    public void sweep(MetaGroupReplica replica) {
        if (replica.raft() == null || !replica.raft().isLeader()) {
            return;
        }
        long cutoff = MetaGroupReplica.nowNs() - MetaContext.LOCK_EXPIRY_NS;
        for (LockIntents.Intent intent : replica.machine().intentsLockedBefore(cutoff)) {
            if (inProgress.add(intent.ino())) {
                decide(replica, intent).whenComplete((commit, e) -> done(replica, intent, e));
            }
        }
    }

    /**
     * Finishes one expired lock now, as a sweep round would ({@code wfs fsck --repair}): completes
     * with true when the operation stood (committed or rolled forward), false when it was undone.
     * Fails with EAGAIN while a sweep round is finishing the same inode.
     */
    public CompletableFuture<Boolean> finish(MetaGroupReplica replica, LockIntents.Intent intent) {
        if (!inProgress.add(intent.ino())) {
            return CompletableFuture.failedFuture(new io.wfs.common.error.WfsException(
                    io.wfs.common.error.WfsErrorCode.EAGAIN, "the lock sweep is finishing inode " + intent.ino() + " now"));
        }
        return decide(replica, intent).whenComplete((commit, e) -> done(replica, intent, e));
    }

    private CompletableFuture<Boolean> decide(MetaGroupReplica replica, LockIntents.Intent intent) {
        if (intent.kind() == LockIntents.RENAME) {
            return sweepRename(replica, intent);
        }
        // A new directory stands if its entry exists: nothing else can name it. A link or a
        // removal stands if the parent's group holds its receipt: an entry's presence or
        // absence alone proves nothing, the name may have been there before the lock, or gone.
        boolean mkdir = intent.kind() == LockIntents.MKDIR;
        boolean removal = intent.kind() == LockIntents.REMOVE;
        return peers.call(mkdir
                        ? StepCheckRequest.entry(peers.mutation(0, 0), intent.parent(), intent.name(), intent.ino(),
                                intent.lockTimeNs())
                        : StepCheckRequest.receipt(peers.mutation(0, 0), intent.parent(), intent.name(), intent.ino(),
                                intent.lockTimeNs()))
                .thenCompose(check -> {
                    boolean commit = check.exists();
                    LOG.info("group {}: expired lock on {} ({}), {}: {}", replica.groupId(), intent.ino(),
                            mkdir ? "mkdir" : removal ? "remove" : "link",
                            mkdir ? (commit ? "entry present" : "entry absent") : (commit ? "receipt found" : "no receipt"),
                            commit ? "commit" : "undo");
                    return resolve(replica, intent, commit).thenApply(r -> commit);
                });
    }

    /**
     * A rename decided by the receipt its target step left: if it happened, the rename rolls
     * forward (the source entry is finished, recording the client's outcome, then this inode takes
     * its new parent); otherwise it rolls back (unlocked where it was).
     */
    private CompletableFuture<Boolean> sweepRename(MetaGroupReplica replica, LockIntents.Intent intent) {
        RenamePlan plan = intent.rename();
        return peers.call(StepCheckRequest.receipt(peers.mutation(0, 0), plan.dstParent(), plan.dstName(), intent.ino(),
                        intent.lockTimeNs()))
                .thenCompose(check -> {
                    LOG.info("group {}: expired rename lock on {}, target step {}: {}", replica.groupId(), intent.ino(),
                            check.exists() ? "happened" : "did not happen", check.exists() ? "roll forward" : "roll back");
                    if (!check.exists()) {
                        return resolve(replica, intent, false).thenApply(r -> false);
                    }
                    MetaHeader client = peers.query(0, 0).withSequence(plan.session(), plan.seq(), 0);
                    return peers.call(new RenameEntriesRequest(client, plan, false, true, 0, 0, 0))
                            .thenCompose(done -> resolve(replica, intent, true)).thenApply(r -> true);
                });
    }

    private CompletableFuture<Response> resolve(MetaGroupReplica replica, LockIntents.Intent intent, boolean commit) {
        return replica.propose(MessageType.RESOLVE_LOCK, new ResolveLockRequest(peers.mutation(0, 0), intent.ino(),
                intent.lockTimeNs(), commit));
    }

    private void done(MetaGroupReplica replica, LockIntents.Intent intent, Throwable e) {
        inProgress.remove(intent.ino());
        if (e != null) {
            LOG.warn("group {}: sweeping {} failed, next round retries: {}", replica.groupId(), intent.ino(), e.toString());
        }
    }
}
