package io.wfs.meta.server;

import com.alipay.sofa.jraft.entity.PeerId;
import com.alipay.sofa.jraft.util.Endpoint;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.MetricsHttpServer;
import io.wfs.meta.namespace.HeapFootprint;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.server.Dispatch;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.meta.cross.CrossGroupSteps;
import io.wfs.meta.lease.CacheLeases;
import io.wfs.meta.cross.CrossGroupFaults;
import io.wfs.meta.ops.MetaOperation;
import io.wfs.meta.state.MetaStateMachine;
import io.wfs.raft.RaftGroupOptions;
import io.wfs.raft.RaftNodeHost;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A metadata server ({@code wfs meta}): replicas of the meta groups the slot map assigns to
 * this node on one Raft port, and one client RPC port serving every metadata request type.
 */
public final class MetaServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MetaServer.class);

    private final WfsConfig config;
    private final ClusterSecret secret;
    private final MetricRegistry registry;
    private final Map<String, MetaGroupReplica> replicas = new ConcurrentHashMap<>();
    private volatile SlotMap slotMap;
    private RaftNodeHost raftHost;
    private RpcServer rpcServer;
    private MetricsHttpServer http;
    private ScheduledExecutorService housekeeping;
    /** Parks lease polls, lets go of held replies, drops lapsed sessions (one thread for every group here). */
    private ScheduledExecutorService leaseTimer;
    private RpcClient peerRpc;
    private MetaClient peers;
    private CrossGroupSteps crossGroupSteps;
    /** The checks of scoped credentials: a scope is a quota directory's subtree. */
    private final ScopeGuard scopes = new ScopeGuard(ScopeMembership.QUOTA_DIRECTORIES);

    public MetaServer(WfsConfig config, ClusterSecret secret, SlotMap slotMap, MetricRegistry registry) {
        this.config = config;
        this.secret = secret;
        this.slotMap = slotMap;
        this.registry = registry;
    }

    public MetaServer start() throws IOException, InterruptedException {
        String raftAddress = required(MetaConfigKeys.RAFT_ADDRESS);
        required(MetaConfigKeys.RPC_ADDRESS);
        // Checked before anything binds a port, so a wrong configuration fails fast and cleanly.
        if (slotMap.groups().stream().noneMatch(g -> g.peerByRaftAddress(raftAddress) != null)) {
            throw new IllegalArgumentException("the slot map names no group with peer " + raftAddress
                    + " (meta.raft-address must be one of the raft addresses in the slot map)");
        }
        Path dataDir = Path.of(config.get(MetaConfigKeys.DATA_DIR));
        RaftGroupOptions raftOptions = RaftGroupOptions.from(config);
        raftHost = new RaftNodeHost(parseEndpoint(raftAddress), dataDir, raftOptions, registry);
        leaseTimer = Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("meta-leases", true));
        Duration cacheLease = config.get(MetaConfigKeys.CACHE_LEASE);
        int leaseKeys = config.get(MetaConfigKeys.CACHE_LEASE_KEYS);
        // A deposed leader that has not noticed yet may renew leases for about 1.5 election timeouts.
        Duration takeoverHold = cacheLease.plus(raftOptions.electionTimeout().multipliedBy(3).dividedBy(2));
        for (SlotMap.Group group : slotMap.groups()) {
            if (group.peerByRaftAddress(raftAddress) == null) {
                continue;
            }
            MetaGroupReplica replica = new MetaGroupReplica(group, new MetaStateMachine(group.slots()));
            replica.machine().setReannounceWindow(config.get(MetaConfigKeys.REANNOUNCE_WINDOW));
            replica.machine().leaseTracking().use(new CacheLeases(cacheLease, takeoverHold, leaseKeys, leaseTimer,
                    System::nanoTime));
            List<PeerId> peers = group.peers().stream().map(p -> new PeerId(parseEndpoint(p.raftAddress()), 0)).toList();
            replica.attach(raftHost.startGroup(group.id(), peers, replica.machine()));
            replicas.put(group.id(), replica);
        }
        // This server's own client for the other groups (cross-group steps, the sweep's questions).
        // Several tries fit in a step's 10 s: a silent node is left for the next one within the step.
        peerRpc = new RpcClient("meta-peers", RpcOptions.from(config).withCallTimeout(
                config.get(MetaConfigKeys.PEER_CALL_TIMEOUT)), secret, registry);
        peers = new MetaClient(peerRpc, slotMap, Duration.ofSeconds(10));
        crossGroupSteps = new CrossGroupSteps(peers, config.get(MetaConfigKeys.RENAME_LEASE_TERM));
        rpcServer = new RpcServer("meta", RpcOptions.from(config), secret, handlers(), registry)
                .start(parseAddress(required(MetaConfigKeys.RPC_ADDRESS)));
        Duration lease = config.get(MetaConfigKeys.SESSION_LEASE);
        housekeeping = Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("meta-housekeeping", true));
        long period = Math.max(1000, lease.toMillis() / 4);
        housekeeping.scheduleAtFixedRate(() -> replicas.values().forEach(r -> r.expireSessions(lease)),
                period, period, TimeUnit.MILLISECONDS);
        housekeeping.scheduleWithFixedDelay(() -> replicas.values().forEach(crossGroupSteps.sweeper()::sweep), 1, 1, TimeUnit.SECONDS);
        // Orphans nobody holds open any more go in batches: five entries a second at most, whatever the rate of unlinks.
        housekeeping.scheduleWithFixedDelay(() -> replicas.values().forEach(MetaGroupReplica::releaseOrphans),
                200, 200, TimeUnit.MILLISECONDS);
        registerNamespaceGauges();
        int httpPort = config.get(CommonConfigKeys.HTTP_PORT);
        if (httpPort >= 0) {
            http = new MetricsHttpServer("meta", registry, List.of(this::status))
                    .start(config.get(CommonConfigKeys.HTTP_BIND), httpPort);
        }
        LOG.info("meta server up: rpc {}, raft {}, groups {}", rpcServer.address(), raftAddress, replicas.keySet());
        return this;
    }

    /**
     * The namespace's size on this server, over all its groups: inodes, and the bytes of the big
     * primitive arrays that hold them (HeapFootprint; 97 % of the measured heap per file in
     * docs/meta-memory.md). Walks every directory, so it is computed when scraped, not kept.
     */
    private void registerNamespaceGauges() {
        registry.gauge("meta.namespace.inodes", () -> (Gauge<Long>) () -> replicas.values().stream()
                .mapToLong(r -> r.machine().read(ns -> ns.usedInodes())).sum());
        // Per group, and over this node's groups: a queue that only grows means no store drains it.
        registry.gauge("meta.deletions.queued", () -> (Gauge<Long>) () -> replicas.values().stream()
                .mapToLong(r -> r.machine().deletionQueueLength()).sum());
        for (MetaGroupReplica r : replicas.values()) {
            registry.gauge("meta.deletions.queued." + r.groupId(), () -> (Gauge<Integer>) () -> r.machine().deletionQueueLength());
        }
        // Client-cache leases this node's leaders hold (docs/metadata.md): sessions polling, keys leased.
        registry.gauge("meta.cache_leases.sessions", () -> (Gauge<Long>) () -> replicas.values().stream()
                .mapToLong(r -> r.machine().leaseTracking().leases().counts()[0]).sum());
        registry.gauge("meta.cache_leases.keys", () -> (Gauge<Long>) () -> replicas.values().stream()
                .mapToLong(r -> r.machine().leaseTracking().leases().counts()[1]).sum());
        registry.gauge("meta.cache_leases.contended", () -> (Gauge<Long>) () -> replicas.values().stream()
                .mapToLong(r -> r.machine().leaseTracking().leases().counts()[2]).sum());
        registry.gauge("meta.opens.files", () -> (Gauge<Long>) () -> replicas.values().stream()
                .mapToLong(r -> r.machine().onLeader(io.wfs.meta.session.LeaderOpens::openFiles)).sum());
        registry.gauge("meta.locks.held", () -> (Gauge<Long>) () -> replicas.values().stream()
                .mapToLong(r -> r.machine().onLeader(o -> o.locks().size())).sum());
        registry.gauge("meta.opens.orphans", () -> (Gauge<Long>) () -> replicas.values().stream()
                .mapToLong(r -> r.machine().orphans()).sum());
        registry.gauge("meta.namespace.array_bytes", () -> (Gauge<Long>) () -> replicas.values().stream()
                .mapToLong(r -> r.machine().read(ns -> HeapFootprint.of(ns).arrayBytes())).sum());
    }

    /** One handler per request type registered in {@link io.wfs.meta.ops.MetaOperations}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private HandlerRegistry handlers() {
        HandlerRegistry handlers = new HandlerRegistry();
        MetaStateMachine any = replicas.values().iterator().next().machine();
        for (MetaOperation op : any.operations().all()) {
            if (!op.servedOverRpc()) {
                continue;
            }
            // Mutations only enqueue into Raft: they never block, so they run on the event loop.
            // Queries take the state lock, which apply (or a snapshot) may hold: on the event loop
            // when it is free at once, else on the worker pool (MetaRequestHandler).
            // A mutation of a scoped connection needs the state lock for its scope check: it, too, runs
            // on the worker pool when the lock is busy (a mutation of the full secret never is).
            Dispatch dispatch = op.answersInMicroseconds() ? Dispatch.EVENT_LOOP_UNLESS_BUSY : Dispatch.WORKER;
            handlers.register((Class) op.type().requestClass(),
                    new MetaRequestHandler(op, () -> slotMap, replicas::get, crossGroupSteps, scopes), dispatch);
        }
        return handlers;
    }

    /**
     * Installs a newer slot map (from the manager, later); an older or equal version is ignored.
     * Requests built on older versions are then answered STALE_ROUTE. Moving slots between groups
     * (migration) is not done here yet: the groups this node hosts stay as started.
     */
    public synchronized boolean updateSlotMap(SlotMap newer) {
        if (newer.version() <= slotMap.version()) {
            return false;
        }
        slotMap = newer;
        if (peers != null) {
            peers.updateSlotMap(newer);
        }
        LOG.info("slot map version {} installed", newer.version());
        return true;
    }

    /**
     * Routes this node's requests to the other groups (cross-group steps, the sweep) by
     * {@code newest}, a slot map of the newest route this node heard of, with the same layout as
     * {@link #slotMap()} or a newer one; an older version is ignored.
     */
    public void updatePeerRoute(SlotMap newest) {
        if (peers != null) {
            peers.updateSlotMap(newest);
        }
    }

    /** The route version this node's own requests to the other groups carry. */
    public long peerRouteVersion() {
        return peers.routeVersion();
    }

    /** Test hook: stop cross-group coordination at chosen steps, as a crash would. */
    public void setCrossGroupFaults(CrossGroupFaults faults) {
        crossGroupSteps.setFaults(faults);
    }

    public SlotMap slotMap() {
        return slotMap;
    }

    public InetSocketAddress rpcAddress() {
        return rpcServer.address();
    }

    public int httpPort() {
        return http == null ? -1 : http.port();
    }

    public MetaGroupReplica replica(String groupId) {
        return replicas.get(groupId);
    }

    public Collection<MetaGroupReplica> replicas() {
        return replicas.values();
    }

    /** The /status document: each group's role, applied index and state digest. */
    public Map<String, Object> status() {
        List<Map<String, Object>> groups = new ArrayList<>();
        for (MetaGroupReplica r : replicas.values()) {
            Map<String, Object> g = new LinkedHashMap<>();
            g.put("group", r.groupId());
            g.put("leader", r.raft().isLeader());
            g.put("leaderId", String.valueOf(r.raft().leader()));
            g.put("appliedIndex", r.raft().appliedIndex());
            g.put("inodes", r.machine().read(ns -> ns.usedInodes()));
            g.put("digest", Long.toHexString(r.machine().digest()));
            groups.add(g);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("slotMapVersion", slotMap.version());
        doc.put("groups", groups);
        return doc;
    }

    private String required(io.wfs.common.config.ConfigKey<String> key) {
        String v = config.get(key);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException(key.name() + " must be set");
        }
        return v;
    }

    static Endpoint parseEndpoint(String hostPort) {
        InetSocketAddress a = parseAddress(hostPort);
        return new Endpoint(a.getHostString(), a.getPort());
    }

    public static InetSocketAddress parseAddress(String hostPort) {
        return io.wfs.common.rpc.HostPort.parse(hostPort);
    }

    @Override
    public void close() {
        if (housekeeping != null) {
            housekeeping.shutdownNow();
        }
        if (http != null) {
            http.close();
        }
        if (rpcServer != null) {
            rpcServer.close();
        }
        if (crossGroupSteps != null) {
            crossGroupSteps.close();
        }
        if (peers != null) {
            peers.close();
            peerRpc.close();
        }
        if (raftHost != null) {
            raftHost.close();
        }
        if (leaseTimer != null) {
            leaseTimer.shutdownNow();
        }
    }
}
