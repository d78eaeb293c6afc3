package io.wfs.manager.server;

import io.wfs.common.msg.store.CopyVolumeRequest;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.rpc.HostPort;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.manager.command.ReplaceReplicaCommand;
import io.wfs.manager.placement.VolumeLoad;
import io.wfs.manager.state.ManagerState;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import it.unimi.dsi.fastutil.ints.IntSet;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drains the re-replication queue on the leader, a few volumes at a time: a volume that lost a
 * replica with a store that stayed silent for {@code manager.replication-delay} is copied from a
 * live replica to another live store ({@code CopyVolume}, which the target answers once every
 * block is durable there), and only then does the route name the new store in the lost one's
 * place ({@link ReplaceReplicaCommand}), so the route never lists a replica that lacks blocks.
 * Entries with nothing to copy (the store came back, a write failure on live stores) just go. A
 * store being drained ({@code wfs admin drain-store}) is copied from at once, and never copied to.
 * A copy that fails or outlives {@code manager.replication-copy-timeout} is tried again a node
 * timeout later; a leader change drops the copies in flight, and the new leader starts them again (a
 * second copy to a store that has part of the volume skips what it has).
 */
final class VolumeReplicator {
    private static final Logger LOG = LoggerFactory.getLogger(VolumeReplicator.class);

    private final ManagerReplica replica;
    private final LivenessTracker tracker;
    private final ManagerSettings settings;
    private final ReplicationMetrics metrics;
    private final RpcClient stores;
    /** Volumes whose copy is in flight; guarded by this. */
    private final IntOpenHashSet copying = new IntOpenHashSet();
    /**
     * Volumes whose last copy failed → when to try again; guarded by this. One node timeout later: a
     * target that failed because it died is marked down by then and not chosen again.
     */
    private final Int2LongOpenHashMap retryAfter = new Int2LongOpenHashMap();

    private record Copy(int volume, int lostNode, int target, String targetAddress, String source, String[] replicas) {
    }

    VolumeReplicator(ManagerReplica replica, LivenessTracker tracker, ManagerSettings settings,
                     ReplicationMetrics metrics, RpcClient stores) {
        this.replica = replica;
        this.tracker = tracker;
        this.settings = settings;
        this.metrics = metrics;
        this.stores = stores;
    }

    /** One round: ends the entries with nothing to copy and starts copies up to the concurrency. */
    void runOnce(long nowMillis) {
        List<ReplaceReplicaCommand> nothingToCopy = new ArrayList<>();
        List<Copy> copies = new ArrayList<>();
        replica.machine().read(s -> {
            plan(s, nowMillis, nothingToCopy, copies);
            return null;
        });
        for (ReplaceReplicaCommand c : nothingToCopy) {
            replica.propose(c);
        }
        copies.forEach(this::start);
    }

    private synchronized void plan(ManagerState s, long now, List<ReplaceReplicaCommand> nothingToCopy, List<Copy> copies) {
        RouteModel model = s.model();
        VolumeLoad load = VolumeLoad.of(model);
        int room = settings.replicationConcurrency() - copying.size();
        for (long entry : s.replicationQueue()) {
            int volume = ManagerState.queuedVolume(entry);
            int lost = ManagerState.queuedLostNode(entry);
            RouteChange.Volume v = model.volume(volume);
            RouteChange.StoreNode lostStore = model.store(lost);
            boolean draining = s.drainingStores().contains(lost);
            if (v == null || lost == 0 || lostStore == null || (lostStore.up() && !draining) || !v.hasReplicaOn(lost)) {
                nothingToCopy.add(new ReplaceReplicaCommand(volume, lost, 0));
            } else if (room > 0 && !copying.contains(volume) && now >= retryAfter.get(volume)
                    && (draining || now - tracker.lastSeen(lost) >= settings.replicationDelay().toMillis())) {
                Copy c = copyOf(model, v, lost, load, s.drainingStores());
                if (c != null) {
                    copies.add(c);
                    copying.add(volume);
                    load.add(c.target());
                    room--;
                }
            }
        }
    }

    /** The copy of v to the least loaded live store, not drained, that holds no replica of it and has room; null if none. */
    private Copy copyOf(RouteModel model, RouteChange.Volume v, int lost, VolumeLoad load, IntSet draining) {
        String source = null;
        for (int node : v.replicas()) {
            RouteChange.StoreNode s = model.store(node);
            if (s != null && s.up() && (node != lost || source == null)) {
                source = s.address(); // the lost store only when it is up (drained) and no other replica is
                if (node != lost) {
                    break;
                }
            }
        }
        long needed = tracker.volumeUsed(v.id());
        RouteChange.StoreNode target = null;
        for (RouteChange.StoreNode s : model.stores()) {
            long free = tracker.freeBytes(s.id());
            boolean fits = free < 0 || free >= needed;
            if (s.up() && !draining.contains(s.id()) && !v.hasReplicaOn(s.id()) && fits
                    && (target == null || load.of(s.id()) < load.of(target.id()))) {
                target = s;
            }
        }
        if (source == null || target == null) {
            return null;
        }
        String[] replicas = new String[v.replicas().length];
        for (int i = 0; i < replicas.length; i++) {
            int node = v.replicas()[i] == lost ? target.id() : v.replicas()[i];
            replicas[i] = model.store(node).address();
        }
        return new Copy(v.id(), lost, target.id(), target.address(), source, replicas);
    }

    private void start(Copy c) {
        LOG.info("re-replicating volume {}: store {} copies it from {} in place of store {}", c.volume(),
                c.target(), c.source(), c.lostNode());
        metrics.copiesStarted.inc();
        metrics.copiesInFlight.inc();
        stores.call(HostPort.parse(c.targetAddress()), new CopyVolumeRequest(c.volume(), c.source(), c.replicas()),
                        settings.replicationCopyTimeout())
                .thenCompose(info -> {
                    metrics.bytesCopied.inc(info.liveBytes());
                    return replica.propose(new ReplaceReplicaCommand(c.volume(), c.lostNode(), c.target()));
                })
                .whenComplete((version, error) -> {
                    synchronized (this) {
                        copying.remove(c.volume());
                        if (error != null) {
                            retryAfter.put(c.volume(), System.currentTimeMillis() + settings.nodeTimeout().toMillis());
                        } else {
                            retryAfter.remove(c.volume());
                        }
                    }
                    metrics.copiesInFlight.dec();
                    if (error != null) {
                        metrics.copiesFailed.inc();
                        LOG.warn("re-replication of volume {} to store {} failed (tried again next round): {}",
                                c.volume(), c.target(), error.toString());
                    } else {
                        metrics.copiesDone.inc();
                        LOG.info("volume {} re-replicated on store {} (route version {})", c.volume(), c.target(), version);
                    }
                });
    }
}
