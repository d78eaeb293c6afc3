package io.wfs.manager.server;

import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.BootRouteReply;
import io.wfs.common.msg.manager.BootRouteRequest;
import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.manager.VolumeFill;
import io.wfs.common.msg.manager.ClusterStatusRequest;
import io.wfs.common.msg.manager.NodeStatus;
import io.wfs.common.msg.manager.RouteVersionReply;
import io.wfs.common.msg.manager.VolumeStateReportRequest;
import io.wfs.common.route.RouteCache;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteHandlers;
import io.wfs.common.rpc.server.Dispatch;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.manager.command.SetVolumeStateCommand;
import io.wfs.manager.state.ManagerState;
import io.wfs.manager.state.StoreCapacity;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Boot route, full route and deltas (any manager replica answers from its applied state:
 * versions only grow, so a slightly older answer is still consistent), the volume-state reports
 * of stores, and the cluster status behind {@code wfs status} (leader only: liveness is the
 * leader's observation).
 */
final class ClientHandlers {
    private final ManagerReplica replica;
    private final LivenessTracker tracker;
    private final ManagerSettings settings;
    private final ManagerPeers peers;

    ClientHandlers(ManagerReplica replica, LivenessTracker tracker, ManagerSettings settings, ManagerPeers peers) {
        this.replica = replica;
        this.tracker = tracker;
        this.settings = settings;
        this.peers = peers;
    }

    void register(HandlerRegistry handlers) {
        RouteHandlers.register(handlers, replica.machine());
        handlers.register(BootRouteRequest.class, (req, ctx) -> CompletableFuture.completedFuture(bootRoute()),
                Dispatch.WORKER);
        handlers.register(ClusterStatusRequest.class, (req, ctx) -> status(), Dispatch.WORKER);
        handlers.register(VolumeStateReportRequest.class, (req, ctx) -> volumeReport(req), Dispatch.WORKER);
    }

    private BootRouteReply bootRoute() {
        return replica.machine().read(s -> new BootRouteReply(s.version(),
                s.model().stores().stream().filter(RouteChange.StoreNode::up).map(RouteChange.StoreNode::address).toList(),
                peers.rpcAddresses(), s.clusterId()));
    }

    private CompletableFuture<RouteVersionReply> volumeReport(VolumeStateReportRequest req) {
        if (!replica.isLeader()) {
            return CompletableFuture.failedFuture(replica.notLeader());
        }
        try {
            RouteCache.checkNotStale(replica.machine().routeVersion(), req.routeVersion());
        } catch (WfsException e) {
            return CompletableFuture.failedFuture(e);
        }
        return replica.propose(new SetVolumeStateCommand(req.volumeId(), req.state(), req.nodeId()))
                .thenApply(v -> new RouteVersionReply((Long) v));
    }

    private CompletableFuture<ClusterStatusReply> status() {
        if (!replica.isLeader()) {
            return CompletableFuture.failedFuture(replica.notLeader());
        }
        long now = System.currentTimeMillis();
        return CompletableFuture.completedFuture(replica.machine().read(s -> build(s, now)));
    }

    private ClusterStatusReply build(ManagerState s, long now) {
        List<NodeStatus> nodes = new ArrayList<>();
        for (RouteChange.MetaNode m : s.model().metaNodes()) {
            nodes.add(new NodeStatus(m.id(), "meta", m.clientAddress(), m.up(), 0, 0, 0, tracker.heartbeatAge(m.id(), now)));
        }
        for (RouteChange.StoreNode n : s.model().stores()) {
            StoreCapacity c = s.capacities().get(n.id());
            long free = tracker.freeBytes(n.id());
            nodes.add(new NodeStatus(n.id(), "store", n.address(), n.up(), c == null ? 0 : c.disks(),
                    c == null ? 0 : c.capacityBytes(), free >= 0 ? free : c == null ? 0 : c.freeBytes(),
                    tracker.heartbeatAge(n.id(), now)));
        }
        List<RouteChange.Volume> volumes = s.model().volumes();
        int[] ids = new int[volumes.size()];
        long[] used = new long[volumes.size()];
        long[] unreclaimed = new long[volumes.size()];
        long[] reclaimed = new long[volumes.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = volumes.get(i).id();
            used[i] = tracker.volumeUsed(ids[i]);
            unreclaimed[i] = tracker.volumeUnreclaimed(ids[i]);
            reclaimed[i] = tracker.volumeReclaimed(ids[i]);
        }
        return new ClusterStatusReply(s.version(), peers.rpcOf(String.valueOf(replica.raft().self().getEndpoint())),
                peers.rpcAddresses(), s.route().full(), nodes, new VolumeFill(ids, used, unreclaimed, reclaimed), settings.volumeSize(),
                s.replicationQueue().toLongArray());
    }
}
