package io.wfs.manager.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.HeartbeatReply;
import io.wfs.common.msg.manager.MetaHeartbeatRequest;
import io.wfs.common.msg.manager.RegisterMetaNodeRequest;
import io.wfs.common.msg.manager.RegisterStoreNodeRequest;
import io.wfs.common.msg.manager.RegisteredReply;
import io.wfs.common.msg.manager.StoreHeartbeatRequest;
import io.wfs.common.route.RouteChange;
import io.wfs.common.rpc.server.Dispatch;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.manager.command.NodeLivenessCommand;
import io.wfs.manager.command.RegisterMetaNodeCommand;
import io.wfs.manager.command.RegisterStoreNodeCommand;
import io.wfs.manager.command.SetGroupLeaderCommand;
import io.wfs.manager.state.ManagerStateMachine;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Registration and heartbeats of meta and store nodes. Registration goes through Raft (it
 * assigns ids); a heartbeat is the leader's own observation and goes through Raft only when it
 * changes the route (a down node is back, a group has a new leader). Every heartbeat reply
 * carries the route update the node misses: that is how the manager pushes routes to nodes.
 */
final class NodeHandlers {
    private final ManagerReplica replica;
    private final ManagerStateMachine machine;
    private final LivenessTracker tracker;
    private final ManagerSettings settings;
    private final ManagerMetrics metrics;

    NodeHandlers(ManagerReplica replica, LivenessTracker tracker, ManagerSettings settings, ManagerMetrics metrics) {
        this.replica = replica;
        this.machine = replica.machine();
        this.tracker = tracker;
        this.settings = settings;
        this.metrics = metrics;
    }

    void register(HandlerRegistry handlers) {
        handlers.register(RegisterMetaNodeRequest.class, (req, ctx) -> registered(replica.propose(
                new RegisterMetaNodeCommand(req.raftAddress(), req.clientAddress()))), Dispatch.EVENT_LOOP);
        handlers.register(RegisterStoreNodeRequest.class, (req, ctx) -> registered(replica.propose(
                new RegisterStoreNodeCommand(req.address(), req.disks(), req.capacityBytes(), req.freeBytes()))),
                Dispatch.EVENT_LOOP);
        handlers.register(StoreHeartbeatRequest.class, (req, ctx) -> storeHeartbeat(req), Dispatch.WORKER);
        handlers.register(MetaHeartbeatRequest.class, (req, ctx) -> metaHeartbeat(req), Dispatch.WORKER);
    }

    private CompletableFuture<RegisteredReply> registered(CompletableFuture<Object> proposal) {
        return proposal.thenApply(id -> {
            int nodeId = (Integer) id;
            tracker.seen(nodeId, System.currentTimeMillis());
            return new RegisteredReply(nodeId, machine.routeVersion(), settings.heartbeatInterval().toMillis());
        });
    }

    private CompletableFuture<HeartbeatReply> storeHeartbeat(StoreHeartbeatRequest req) {
        if (!replica.isLeader()) {
            return CompletableFuture.failedFuture(replica.notLeader());
        }
        metrics.storeHeartbeats.inc();
        RouteChange.StoreNode node = machine.read(s -> s.model().store(req.nodeId()));
        if (node == null || (req.address() != null && !req.address().equals(node.address()))) {
            return CompletableFuture.failedFuture(unknown(req.nodeId()));
        }
        tracker.seen(node.id(), System.currentTimeMillis());
        tracker.storeReport(node.id(), req.freeBytes(), req.fill());
        List<CompletableFuture<Object>> changes = new ArrayList<>();
        if (!node.up()) {
            changes.add(replica.propose(new NodeLivenessCommand(new int[] {node.id()}, true)));
        }
        return afterAll(changes, req.routeVersion());
    }

    private CompletableFuture<HeartbeatReply> metaHeartbeat(MetaHeartbeatRequest req) {
        if (!replica.isLeader()) {
            return CompletableFuture.failedFuture(replica.notLeader());
        }
        metrics.metaHeartbeats.inc();
        RouteChange.MetaNode node = machine.read(s -> s.model().metaNode(req.nodeId()));
        if (node == null || (req.raftAddress() != null && !req.raftAddress().equals(node.raftAddress()))) {
            return CompletableFuture.failedFuture(unknown(req.nodeId()));
        }
        tracker.seen(node.id(), System.currentTimeMillis());
        List<CompletableFuture<Object>> changes = new ArrayList<>();
        if (!node.up()) {
            changes.add(replica.propose(new NodeLivenessCommand(new int[] {node.id()}, true)));
        }
        for (int groupId : req.ledGroups()) {
            RouteChange.Group g = machine.read(s -> s.model().group(groupId));
            if (g != null && g.leader() != node.id()) {
                changes.add(replica.propose(new SetGroupLeaderCommand(groupId, node.id())));
            }
        }
        return afterAll(changes, req.routeVersion());
    }

    private CompletableFuture<HeartbeatReply> afterAll(List<CompletableFuture<Object>> changes, long nodeVersion) {
        return CompletableFuture.allOf(changes.toArray(CompletableFuture[]::new)).thenApply(x -> reply(nodeVersion));
    }

    /** The node's route update: nothing when current, a delta when the log reaches back, else the full route. */
    private HeartbeatReply reply(long nodeVersion) {
        return machine.read(s -> {
            if (nodeVersion >= s.version()) {
                return new HeartbeatReply(s.version(), new byte[0]);
            }
            byte[] update = s.route().updateSince(nodeVersion);
            (update[1] != 0 ? metrics.fullRoutesSent : metrics.deltasSent).inc();
            return new HeartbeatReply(s.version(), update);
        });
    }

    private static WfsException unknown(int nodeId) {
        // Not retryable: the node must register (again) to get an id this manager group knows. An id
        // registered under another address is as unknown: a manager group rebuilt from nothing may have
        // given it to another node.
        return new WfsException(WfsErrorCode.SESSION_EXPIRED, "unknown node id " + nodeId
                + " (or registered under another address): register first");
    }
}
