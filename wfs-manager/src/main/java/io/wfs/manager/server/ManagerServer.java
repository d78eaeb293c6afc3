package io.wfs.manager.server;

import com.alipay.sofa.jraft.entity.PeerId;
import com.alipay.sofa.jraft.util.Endpoint;
import com.codahale.metrics.MetricRegistry;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.ConfigKey;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.MetricsHttpServer;
import io.wfs.common.route.RouteChange;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.msg.manager.DrainStoreRequest;
import io.wfs.common.msg.manager.IssueScopedCredentialRequest;
import io.wfs.common.rpc.server.Dispatch;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.manager.placement.BalancedPlacement;
import io.wfs.manager.state.ManagerStateMachine;
import io.wfs.raft.RaftGroupOptions;
import io.wfs.raft.RaftNodeHost;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A manager ({@code wfs manager}): this process's replica of the manager Raft group, the RPC
 * port serving nodes and clients, the leader's housekeeping timer, and /metrics and /status.
 */
public final class ManagerServer implements AutoCloseable {
    public static final String GROUP_ID = "manager";
    private static final Logger LOG = LoggerFactory.getLogger(ManagerServer.class);

    private final WfsConfig config;
    private final ClusterSecret secret;
    private final MetricRegistry registry;
    private final ManagerSettings settings;
    private final LivenessTracker tracker = new LivenessTracker();
    private ManagerPeers peers;
    private ManagerReplica replica;
    private RaftNodeHost raftHost;
    private RpcServer rpcServer;
    private MetricsHttpServer http;
    private ScheduledExecutorService housekeepingTimer;
    private RpcClient storeClient;

    public ManagerServer(WfsConfig config, ClusterSecret secret, MetricRegistry registry) {
        this.config = config;
        this.secret = secret;
        this.registry = registry;
        this.settings = ManagerSettings.from(config);
    }

    public ManagerServer start() throws IOException, InterruptedException {
        String raftAddress = required(ManagerConfigKeys.RAFT_ADDRESS);
        String rpcAddress = required(ManagerConfigKeys.RPC_ADDRESS);
        // Checked before anything binds a port, so a wrong configuration fails fast and cleanly.
        peers = ManagerPeers.parse(config.get(ManagerConfigKeys.PEERS), raftAddress, rpcAddress);
        ManagerStateMachine machine = new ManagerStateMachine(settings.routeLogChanges());
        replica = new ManagerReplica(machine, peers);
        ManagerMetrics metrics = new ManagerMetrics(registry, machine, replica);
        // The leader's own calls to stores: the copies of re-replication.
        storeClient = new RpcClient("manager-replication", RpcOptions.from(config), secret, registry);
        VolumeReplicator replicator = new VolumeReplicator(replica, tracker, settings,
                new ReplicationMetrics(registry, machine, tracker), storeClient);
        ManagerHousekeeping housekeeping = new ManagerHousekeeping(replica, tracker, new BalancedPlacement(), settings, metrics,
                replicator);
        machine.setLeadershipListener(housekeeping);
        raftHost = new RaftNodeHost(endpoint(raftAddress), Path.of(config.get(ManagerConfigKeys.DATA_DIR)),
                RaftGroupOptions.from(config), registry);
        List<PeerId> raftPeers = peers.raftAddresses().stream().map(a -> new PeerId(endpoint(a), 0)).toList();
        replica.attach(raftHost.startGroup(GROUP_ID, raftPeers, machine));
        HandlerRegistry handlers = new HandlerRegistry();
        new NodeHandlers(replica, tracker, settings, metrics).register(handlers);
        new ClientHandlers(replica, tracker, settings, peers).register(handlers);
        handlers.register(IssueScopedCredentialRequest.class, new IssueCredentialHandler(secret), Dispatch.EVENT_LOOP);
        handlers.register(DrainStoreRequest.class, new DrainStoreHandler(replica), Dispatch.WORKER);
        rpcServer = new RpcServer("manager", RpcOptions.from(config), secret, handlers, registry).start(address(rpcAddress));
        housekeepingTimer = Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("manager-housekeeping", true));
        long period = settings.checkInterval().toMillis();
        housekeepingTimer.scheduleWithFixedDelay(housekeeping::runOnce, period, period, TimeUnit.MILLISECONDS);
        int httpPort = config.get(CommonConfigKeys.HTTP_PORT);
        if (httpPort >= 0) {
            http = new MetricsHttpServer("manager", registry, List.of(this::status))
                    .start(config.get(CommonConfigKeys.HTTP_BIND), httpPort);
        }
        LOG.info("manager up: rpc {}, raft {}, group {}", rpcServer.address(), raftAddress, peers.rpcByRaft());
        return this;
    }

    public InetSocketAddress rpcAddress() {
        return rpcServer.address();
    }

    public int httpPort() {
        return http == null ? -1 : http.port();
    }

    public boolean isLeader() {
        return replica != null && replica.isLeader();
    }

    public ManagerReplica replica() {
        return replica;
    }

    public ManagerStateMachine machine() {
        return replica.machine();
    }

    /** The /status document: role, route version and node and volume counts. */
    public Map<String, Object> status() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("leader", replica.isLeader());
        doc.put("leaderAddress", replica.leaderRpcAddress());
        doc.put("appliedIndex", replica.raft().appliedIndex());
        replica.machine().read(s -> {
            doc.put("routeVersion", s.version());
            doc.put("storeNodes", s.model().stores().size());
            doc.put("storeNodesUp", s.model().stores().stream().filter(RouteChange.StoreNode::up).count());
            doc.put("metaNodes", s.model().metaNodes().size());
            doc.put("groups", s.model().groups().size());
            doc.put("volumes", s.model().volumeCount());
            doc.put("replicationQueue", s.replicationQueue().size());
            doc.put("drainingStores", s.drainingStores().toIntArray());
            return null;
        });
        return doc;
    }

    private String required(ConfigKey<String> key) {
        String v = config.get(key);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException(key.name() + " must be set");
        }
        return v;
    }

    static Endpoint endpoint(String hostPort) {
        InetSocketAddress a = address(hostPort);
        return new Endpoint(a.getHostString(), a.getPort());
    }

    static InetSocketAddress address(String hostPort) {
        return io.wfs.common.rpc.HostPort.parse(hostPort);
    }

    @Override
    public void close() {
        if (housekeepingTimer != null) {
            housekeepingTimer.shutdownNow();
        }
        if (http != null) {
            http.close();
        }
        if (rpcServer != null) {
            rpcServer.close();
        }
        if (storeClient != null) {
            storeClient.close();
        }
        if (raftHost != null) {
            raftHost.close();
        }
    }
}
