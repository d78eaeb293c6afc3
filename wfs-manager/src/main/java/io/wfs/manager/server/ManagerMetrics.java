package io.wfs.manager.server;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.VolumeState;
import io.wfs.manager.state.ManagerStateMachine;
import java.util.Locale;

/** The manager's metrics (docs/metrics.md, "Manager"); gauges read the replicated state when scraped. */
final class ManagerMetrics {
    final Counter storeHeartbeats;
    final Counter metaHeartbeats;
    final Counter nodesMarkedDown;
    final Counter volumesCreated;
    final Counter volumesSealed;
    final Counter fullRoutesSent;
    final Counter deltasSent;

    ManagerMetrics(MetricRegistry registry, ManagerStateMachine machine, ManagerReplica replica) {
        storeHeartbeats = registry.counter("manager.heartbeats.store");
        metaHeartbeats = registry.counter("manager.heartbeats.meta");
        nodesMarkedDown = registry.counter("manager.nodes.marked_down");
        volumesCreated = registry.counter("manager.volumes.created");
        volumesSealed = registry.counter("manager.volumes.sealed");
        fullRoutesSent = registry.counter("manager.route.full_sent");
        deltasSent = registry.counter("manager.route.deltas_sent");
        registry.register("manager.leader", (Gauge<Integer>) () -> replica.isLeader() ? 1 : 0);
        registry.register("manager.route.version", (Gauge<Long>) machine::routeVersion);
        registry.register("manager.route.full_bytes", (Gauge<Integer>) () -> machine.read(s -> s.route().full().length));
        registry.register("manager.nodes.store.up", (Gauge<Long>) () -> machine.read(s ->
                s.model().stores().stream().filter(RouteChange.StoreNode::up).count()));
        registry.register("manager.nodes.store.down", (Gauge<Long>) () -> machine.read(s ->
                s.model().stores().stream().filter(n -> !n.up()).count()));
        registry.register("manager.nodes.meta.up", (Gauge<Long>) () -> machine.read(s ->
                s.model().metaNodes().stream().filter(RouteChange.MetaNode::up).count()));
        registry.register("manager.nodes.meta.down", (Gauge<Long>) () -> machine.read(s ->
                s.model().metaNodes().stream().filter(n -> !n.up()).count()));
        registry.register("manager.nodes.store.draining", (Gauge<Integer>) () -> machine.read(s -> s.drainingStores().size()));
        registry.register("manager.groups", (Gauge<Integer>) () -> machine.read(s -> s.model().groups().size()));
        registry.register("manager.replication_queue", (Gauge<Integer>) () -> machine.read(s -> s.replicationQueue().size()));
        for (VolumeState state : VolumeState.values()) {
            registry.register("manager.volumes.state." + state.name().toLowerCase(Locale.ROOT), (Gauge<Long>) () ->
                    machine.read(s -> s.model().volumes().stream().filter(v -> v.state() == state).count()));
        }
    }
}
