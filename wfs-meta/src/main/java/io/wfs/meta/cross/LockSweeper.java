package io.wfs.meta.cross;

import io.wfs.common.msg.meta.EntryCheckRequest;
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
 * log, whether the step there happened: a created directory or new link whose entry exists is
 * kept, otherwise undone; an inode being removed whose removal receipt exists loses that name,
 * otherwise it is unlocked. A "no" fences the step in the parent's group, so a late step can
 * never contradict the decision.
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
            if (!inProgress.add(intent.ino())) {
                continue;
            }
            if (intent.kind() == LockIntents.RENAME) {
                sweepRename(replica, intent);
                continue;
            }
            // A new name (mkdir, link) stands if its entry exists: nothing else can name a locked inode.
            // A removal stands if the parent's group holds its receipt; absence alone proves nothing.
            boolean removal = intent.kind() == LockIntents.REMOVE;
            peers.call(EntryCheckRequest.of(peers.mutation(0, 0), intent.parent(), intent.name(), intent.ino(),
                            intent.lockTimeNs(), removal))
                    .thenCompose(check -> {
                        boolean commit = check.exists();
                        LOG.info("group {}: expired lock on {} ({}), {}: {}", replica.groupId(), intent.ino(),
                                intent.kind() == LockIntents.MKDIR ? "mkdir" : intent.kind() == LockIntents.LINK ? "link" : "remove",
                                removal ? (commit ? "removal receipt found" : "no removal receipt")
                                        : (commit ? "entry present" : "entry absent"), commit ? "commit" : "undo");
                        return resolve(replica, intent, commit);
                    })
                    .whenComplete((r, e) -> done(replica, intent, e));
        }
    }

    /**
     * A rename decided at its destination entry: if it names the moved inode, the rename rolls
     * forward (the source entry is finished, recording the client's outcome, then this inode takes
     * its new parent); otherwise it rolls back (unlocked where it was).
     */
    private void sweepRename(MetaGroupReplica replica, LockIntents.Intent intent) {
        RenamePlan plan = intent.rename();
        peers.call(new EntryCheckRequest(peers.mutation(0, 0), plan.dstParent(), plan.dstName(), plan.moved(),
                        intent.ino(), intent.lockTimeNs(), false))
                .thenCompose(check -> {
                    LOG.info("group {}: expired rename lock on {}, destination {}: {}", replica.groupId(), intent.ino(),
                            check.exists() ? "names it" : "does not name it", check.exists() ? "roll forward" : "roll back");
                    if (!check.exists()) {
                        return resolve(replica, intent, false);
                    }
                    MetaHeader client = peers.query(0, 0).withSequence(plan.session(), plan.seq(), 0);
                    return peers.call(new RenameEntriesRequest(client, plan, false, true, 0, 0, 0))
                            .thenCompose(done -> resolve(replica, intent, true));
                })
                .whenComplete((r, e) -> done(replica, intent, e));
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
