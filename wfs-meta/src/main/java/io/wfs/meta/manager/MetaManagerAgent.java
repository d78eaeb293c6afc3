package io.wfs.meta.manager;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.FullRouteRequest;
import io.wfs.common.msg.manager.HeartbeatReply;
import io.wfs.common.msg.manager.MetaHeartbeatRequest;
import io.wfs.common.msg.manager.RegisterMetaNodeRequest;
import io.wfs.common.msg.manager.RegisteredReply;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.RouteCache;
import io.wfs.common.route.SlotMap;
import io.wfs.common.route.StoreManagerLink;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.meta.server.MetaConfigKeys;
import io.wfs.meta.server.MetaGroupReplica;
import io.wfs.meta.server.MetaServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A meta server's side of the manager, when {@code meta.managers} is set: registers, waits
 * until the manager has placed the meta groups, hands their slot map to the server at start,
 * then heartbeats the groups this node leads (so the route names each group's leader) and
 * installs newer slot maps from the route updates the replies carry. Metrics:
 * {@code meta.manager.heartbeats}, {@code meta.manager.heartbeat_failures}.
 */
public final class MetaManagerAgent implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MetaManagerAgent.class);

    private final RouteCache route = new RouteCache(10_000);
    private final RpcClient rpc;
    private final ManagerClient manager;
    private final String raftAddress;
    private final String clientAddress;
    private final Counter heartbeats;
    private final Counter failures;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("meta-manager", true));
    private volatile int nodeId;
    private volatile long intervalMillis = 1000;
    private SlotMap slotMap;

    private MetaManagerAgent(List<String> managers, WfsConfig config, ClusterSecret secret, MetricRegistry registry) {
        this.rpc = new RpcClient("meta-manager", RpcOptions.from(config), secret, registry);
        this.manager = new ManagerClient(rpc, managers, Duration.ofSeconds(10));
        this.raftAddress = config.get(MetaConfigKeys.RAFT_ADDRESS);
        this.clientAddress = config.get(MetaConfigKeys.RPC_ADDRESS);
        this.heartbeats = registry.counter("meta.manager.heartbeats");
        this.failures = registry.counter("meta.manager.heartbeat_failures");
    }

    /** The agent for this configuration, or null when {@code meta.managers} is empty (static slot map). */
    public static MetaManagerAgent create(WfsConfig config, ClusterSecret secret, MetricRegistry registry) {
        List<String> managers = ManagerClient.parseAddresses(config.get(MetaManagerConfigKeys.MANAGERS),
                MetaManagerConfigKeys.MANAGERS.name());
        if (managers.isEmpty()) {
            return null;
        }
        for (var key : List.of(MetaConfigKeys.RAFT_ADDRESS, MetaConfigKeys.RPC_ADDRESS)) {
            if (config.get(key).isBlank()) {
                throw new IllegalArgumentException(key.name() + " must be set");
            }
        }
        return new MetaManagerAgent(managers, config, secret, registry);
    }

    /**
     * Registers and heartbeats until the route places a group on this node; returns the slot
     * map. TimeoutException when the manager has not placed the groups within {@code wait}.
     */
    public SlotMap awaitSlotMap(Duration wait) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + wait.toNanos();
        long nextLog = 0;
        while (true) {
            try {
                if (nodeId == 0) {
                    RegisteredReply r = manager.call(new RegisterMetaNodeRequest(raftAddress, clientAddress));
                    nodeId = r.nodeId();
                    intervalMillis = r.heartbeatIntervalMillis() > 0 ? r.heartbeatIntervalMillis() : intervalMillis;
                    LOG.info("registered with the manager as meta node {}", nodeId);
                }
                heartbeat(new int[0]);
                SlotMap map = route.read(m -> m.toSlotMap(route.routeVersion()));
                if (map != null && map.groups().stream().anyMatch(g -> g.peerByRaftAddress(raftAddress) != null)) {
                    slotMap = map;
                    return map;
                }
            } catch (WfsException e) {
                LOG.warn("manager not reachable yet: {}", e.toString());
            }
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("the manager placed no meta group on " + raftAddress + " within " + wait);
            }
            if (System.nanoTime() > nextLog) {
                LOG.info("waiting for the manager to place the meta groups (needs manager.meta-replicas meta nodes)");
                nextLog = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            }
            Thread.sleep(intervalMillis);
        }
    }

    /** Heartbeats the groups {@code server} leads, and installs newer slot maps, until {@link #close}. */
    public void start(MetaServer server) {
        timer.scheduleWithFixedDelay(() -> tick(server), 0, intervalMillis, TimeUnit.MILLISECONDS);
    }

    public int nodeId() {
        return nodeId;
    }

    private void tick(MetaServer server) {
        try {
            heartbeat(ledGroups(server));
            heartbeats.inc();
            SlotMap newer = route.read(m -> m.toSlotMap(route.routeVersion()));
            if (newer != null && !sameLayout(newer, slotMap)) {
                // Versioned by the route version of the change: requests built on older routes get STALE_ROUTE.
                slotMap = newer;
                server.updateSlotMap(newer);
            }
            if (newer != null) {
                // This node's own requests to the other groups carry the newest route version, as a
                // client's do: a node that started later stamped the same layout with a later
                // version than this one did, and refuses requests built on an older one (found by
                // the chaos suite: every cross-group step to a restarted node failed STALE_ROUTE).
                server.updatePeerRoute(newer);
            }
        } catch (WfsException e) {
            failures.inc();
            LOG.warn("manager heartbeat failed: {}", e.toString());
            if (e.code() == WfsErrorCode.SESSION_EXPIRED) {
                nodeId = 0;
                try {
                    nodeId = manager.call(new RegisterMetaNodeRequest(raftAddress, clientAddress)).nodeId();
                } catch (WfsException again) {
                    LOG.warn("registration with the manager failed: {}", again.toString());
                }
            }
        } catch (RuntimeException e) {
            failures.inc();
            LOG.warn("manager heartbeat failed: {}", e.toString());
        }
    }

    private void heartbeat(int[] led) {
        HeartbeatReply reply = manager.call(new MetaHeartbeatRequest(nodeId, raftAddress, route.routeVersion(), led));
        if (!route.apply(reply.routeUpdate())) {
            route.apply(manager.call(new FullRouteRequest("meta-" + nodeId)).update());
        }
    }

    /** The manager's ids of the groups this node leads now (raft group "g7" is group 7). */
    static int[] ledGroups(MetaServer server) {
        List<Integer> led = new ArrayList<>();
        for (MetaGroupReplica r : server.replicas()) {
            String id = r.groupId();
            if (r.raft() != null && r.raft().isLeader() && id.length() > 1 && id.charAt(0) == 'g') {
                try {
                    led.add(Integer.parseInt(id.substring(1)));
                } catch (NumberFormatException e) {
                    // A group from a static slot map, unknown to the manager.
                }
            }
        }
        return led.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Same groups, replicas and slots (versions aside): a route change elsewhere is no new slot map. */
    static boolean sameLayout(SlotMap a, SlotMap b) {
        if (a == null || b == null || a.groups().size() != b.groups().size()) {
            return a == b;
        }
        for (int i = 0; i < a.groups().size(); i++) {
            SlotMap.Group x = a.groups().get(i);
            SlotMap.Group y = b.groups().get(i);
            if (!x.id().equals(y.id()) || !x.peers().equals(y.peers()) || !Arrays.equals(x.slots(), y.slots())) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        StoreManagerLink.stop(timer);
        rpc.close();
    }
}
