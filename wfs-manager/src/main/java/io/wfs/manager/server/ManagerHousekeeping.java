package io.wfs.manager.server;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.VolumeState;
import io.wfs.manager.command.AssignClusterIdCommand;
import io.wfs.manager.command.CreateMetaGroupsCommand;
import io.wfs.manager.command.CreateVolumeCommand;
import io.wfs.manager.command.ManagerCommand;
import io.wfs.manager.command.NodeLivenessCommand;
import io.wfs.manager.command.SetVolumeStateCommand;
import io.wfs.manager.placement.MetaGroupPlan;
import io.wfs.manager.placement.PlacementPolicy;
import io.wfs.manager.placement.VolumeLoad;
import io.wfs.manager.state.ManagerState;
import io.wfs.manager.state.ManagerStateMachine;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What only the leader does, every {@code manager.check-interval}: give the cluster its id once, mark nodes down that missed
 * heartbeats for {@code manager.node-timeout}, seal full volumes, create the meta groups once
 * enough meta nodes registered, give every live store without one a new writable volume, and
 * re-replicate the volumes of stores that stayed down ({@link VolumeReplicator}).
 * Every decision is a command proposed through Raft; apply re-checks it, so a decision made on
 * a view that changed meanwhile is refused rather than breaking an invariant.
 */
final class ManagerHousekeeping implements ManagerStateMachine.LeadershipListener {
    private static final Logger LOG = LoggerFactory.getLogger(ManagerHousekeeping.class);
    private static final long PROPOSAL_WAIT_MS = 10_000;

    private final ManagerReplica replica;
    private final LivenessTracker tracker;
    private final PlacementPolicy placement;
    private final ManagerSettings settings;
    private final ManagerMetrics metrics;
    private final VolumeReplicator replicator;
    private final Random random = new Random();
    private final java.security.SecureRandom clusterIds = new java.security.SecureRandom();
    private volatile boolean leading;

    ManagerHousekeeping(ManagerReplica replica, LivenessTracker tracker, PlacementPolicy placement,
                        ManagerSettings settings, ManagerMetrics metrics, VolumeReplicator replicator) {
        this.replica = replica;
        this.tracker = tracker;
        this.placement = placement;
        this.settings = settings;
        this.metrics = metrics;
        this.replicator = replicator;
    }

    @Override
    public void onLeaderStart(long term) {
        tracker.reset(System.currentTimeMillis());
        leading = true;
        LOG.info("leading the manager group (term {})", term);
    }

    @Override
    public void onLeaderStop() {
        leading = false;
    }

    void runOnce() {
        if (!leading || !replica.isLeader()) {
            return;
        }
        try {
            assignClusterId();
            markDeadNodes(System.currentTimeMillis());
            sealFullVolumes();
            placeMetaGroups();
            openWritableVolumes();
            replicator.runOnce(System.currentTimeMillis());
        } catch (RuntimeException e) {
            LOG.warn("manager housekeeping round failed (retried next round): {}", e.toString());
        }
    }

    /** Once per cluster (and once after an upgrade from a build without ids): a random identity. */
    private void assignClusterId() {
        if (replica.machine().read(ManagerState::clusterId) != 0) {
            return;
        }
        long id = 0;
        while (id == 0) {
            id = clusterIds.nextLong();
        }
        await(List.of(replica.propose(new AssignClusterIdCommand(id))));
    }

    private void markDeadNodes(long now) {
        long cutoff = now - settings.nodeTimeout().toMillis();
        List<Integer> upNodes = replica.machine().read(s -> {
            List<Integer> ids = new ArrayList<>();
            s.model().stores().stream().filter(RouteChange.StoreNode::up).forEach(n -> ids.add(n.id()));
            s.model().metaNodes().stream().filter(RouteChange.MetaNode::up).forEach(n -> ids.add(n.id()));
            return ids;
        });
        int[] dead = upNodes.stream().filter(id -> tracker.lastSeen(id) < cutoff).mapToInt(Integer::intValue).toArray();
        if (dead.length > 0) {
            LOG.warn("marking nodes {} down: no heartbeat for {}", java.util.Arrays.toString(dead), settings.nodeTimeout());
            await(List.of(replica.propose(new NodeLivenessCommand(dead, false))));
            metrics.nodesMarkedDown.inc(dead.length);
        }
    }

    private void sealFullVolumes() {
        List<Integer> writable = replica.machine().read(s -> s.model().volumes().stream()
                .filter(v -> v.state() == VolumeState.WRITABLE).map(RouteChange.Volume::id).toList());
        List<CompletableFuture<Object>> proposals = new ArrayList<>();
        for (int id : writable) {
            if (tracker.volumeUsed(id) >= settings.volumeSize()) {
                proposals.add(replica.propose(new SetVolumeStateCommand(id, VolumeState.SEALED, 0)));
                metrics.volumesSealed.inc();
            }
        }
        await(proposals);
    }

    private void placeMetaGroups() {
        int[] metaNodes = replica.machine().read(s -> s.model().groups().isEmpty()
                ? s.model().metaNodes().stream().filter(RouteChange.MetaNode::up).mapToInt(RouteChange.MetaNode::id).toArray()
                : null);
        if (metaNodes == null || metaNodes.length < settings.metaReplicas()) {
            return;
        }
        MetaGroupPlan plan = placement.metaGroups(metaNodes, settings.metaReplicas(), settings.metaGroupsPerNode());
        LOG.info("creating {} meta groups of {} replicas on meta nodes {}", plan.peers().length, settings.metaReplicas(),
                java.util.Arrays.toString(metaNodes));
        await(List.of(replica.propose(new CreateMetaGroupsCommand(plan.peers(), plan.slotGroup()))));
    }

    private void openWritableVolumes() {
        List<ManagerCommand> creates = replica.machine().read(s -> {
            // A store without room for a volume holds no new replica, primary or backup: its
            // ENOSPC would retire each new volume at its first write. Nor does a store being drained.
            int[] upStores = s.model().stores().stream().filter(RouteChange.StoreNode::up)
                    .mapToInt(RouteChange.StoreNode::id).filter(this::hasRoomForAVolume)
                    .filter(id -> !s.drainingStores().contains(id)).toArray();
            List<ManagerCommand> list = new ArrayList<>();
            if (upStores.length < settings.volumeReplicas()) {
                return list;
            }
            VolumeLoad load = VolumeLoad.of(s.model());
            for (int store : upStores) {
                if (s.model().writableVolumeOf(store) != null) {
                    continue;
                }
                int[] replicas = placement.volumeReplicas(store, settings.volumeReplicas(), upStores, load, random);
                if (replicas != null) {
                    list.add(new CreateVolumeCommand(replicas));
                }
            }
            return list;
        });
        List<CompletableFuture<Object>> proposals = new ArrayList<>();
        for (ManagerCommand c : creates) {
            proposals.add(replica.propose(c));
        }
        await(proposals);
        metrics.volumesCreated.inc(proposals.size());
    }

    /** Whether the store's last report leaves room for a whole volume (unknown: yes). */
    private boolean hasRoomForAVolume(int store) {
        long free = tracker.freeBytes(store);
        return free < 0 || free >= settings.volumeSize();
    }

    private static void await(List<CompletableFuture<Object>> proposals) {
        for (CompletableFuture<Object> p : proposals) {
            try {
                p.get(PROPOSAL_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (Exception e) {
                LOG.debug("a housekeeping proposal was refused: {}", e.toString());
            }
        }
    }
}
