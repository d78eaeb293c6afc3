package io.wfs.store.server;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.MetricsHttpServer;
import io.wfs.common.msg.store.DeleteBlocksRequest;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.ReplicateBlockRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.msg.store.CopyVolumeRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.Dispatch;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.deletion.DeletionDrainer;
import io.wfs.store.deletion.DrainPlan;
import io.wfs.store.deletion.StaticDrainPlan;
import io.wfs.store.disk.VolumeStats;
import io.wfs.store.durability.Durabilities;
import io.wfs.store.durability.Durability;
import io.wfs.store.durability.FsyncPolicy;
import io.wfs.store.gc.GarbageCollector;
import io.wfs.store.manager.ManagerAgent;
import io.wfs.store.node.RouteCatchUp;
import io.wfs.store.node.VolumeSet;
import io.wfs.store.node.VolumeStateListener;
import io.wfs.store.orphan.OrphanScanner;
import io.wfs.store.scrub.Scrubber;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A block store ({@code wfs store}): its volume replicas, one RPC port for clients and the other
 * stores, the group-commit thread, GC, the deletion drainer and the metrics endpoint.
 * Registration and heartbeats to the manager plug in through {@link VolumeStateListener} and
 * {@link io.wfs.store.node.VolumeAssignments} (manager issue).
 */
public final class StoreServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StoreServer.class);
    static final Duration MIN_ORPHAN_GRACE = Duration.ofMinutes(1);

    private final WfsConfig config;
    private final ClusterSecret secret;
    private final MetricRegistry registry;
    private final VolumeStateListener listener;
    private VolumeSet volumes;
    private Durability durability;
    private RpcClient peers;
    private RpcServer rpcServer;
    private ExecutorService copier;
    private GarbageCollector gc;
    private Scrubber scrubber;
    private RpcClient metaRpc;
    private MetaClient meta;
    private DeletionDrainer drainer;
    private OrphanScanner orphans;
    private MetricsHttpServer http;
    private ManagerAgent managerAgent;
    private boolean closed;

    public StoreServer(WfsConfig config, ClusterSecret secret, MetricRegistry registry) {
        this(config, secret, registry, (volume, reason) -> LOG.warn("volume {} read-only: {}", volume, reason));
    }

    public StoreServer(WfsConfig config, ClusterSecret secret, MetricRegistry registry, VolumeStateListener listener) {
        this.config = config;
        this.secret = secret;
        this.registry = registry;
        this.listener = listener;
    }

    public StoreServer start() throws IOException, InterruptedException {
        FsyncPolicy policy = FsyncPolicy.parse(config.get(StoreConfigKeys.FSYNC));
        List<Path> dirs = Arrays.stream(config.get(StoreConfigKeys.DATA_DIRS).split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).map(Path::of).toList();
        if (dirs.isEmpty()) {
            throw new IllegalArgumentException(StoreConfigKeys.DATA_DIRS.name() + " must name at least one folder");
        }
        InetSocketAddress bind = address(config.get(StoreConfigKeys.RPC_ADDRESS));
        if (config.get(StoreConfigKeys.ORPHAN_GRACE).compareTo(MIN_ORPHAN_GRACE) < 0) {
            // A grace shorter than a client's write-to-commit time deletes blocks that are about to be committed.
            throw new IllegalArgumentException(StoreConfigKeys.ORPHAN_GRACE.name() + " must be at least "
                    + MIN_ORPHAN_GRACE.toMinutes() + " minute (got " + config.get(StoreConfigKeys.ORPHAN_GRACE) + ")");
        }
        managerAgent = ManagerAgent.create(config, secret, registry);
        volumes = VolumeSet.open(dirs, config.get(StoreConfigKeys.EXTENT_SIZE),
                managerAgent == null ? listener : managerAgent.reporting(listener));
        volumes.setMinFreeBytes(config.get(StoreConfigKeys.MIN_FREE_SPACE));
        durability = Durabilities.of(policy, config.get(StoreConfigKeys.GROUP_COMMIT_WINDOW), registry);
        peers = new RpcClient("store-peers", RpcOptions.from(config), secret, registry);
        copier = Executors.newSingleThreadExecutor(new DefaultThreadFactory("store-copy", true));
        StoreNode node = new StoreNode(volumes, durability, peers,
                managerAgent == null ? RouteCatchUp.NONE : managerAgent::catchUp, registry);
        rpcServer = new RpcServer("store", RpcOptions.from(config), secret, handlers(node), registry).start(bind);
        volumes.setSelfAddress(bind.getHostString() + ":" + rpcServer.address().getPort());
        if (managerAgent != null) {
            managerAgent.start(selfAddress(), volumes, dirs);
        }
        gc = new GarbageCollector(volumes, config.get(StoreConfigKeys.GC_MIN_DELETED_PERCENT),
                config.get(StoreConfigKeys.GC_BYTES_PER_SECOND), registry);
        if (config.get(StoreConfigKeys.GC_ENABLED)) {
            gc.start(config.get(StoreConfigKeys.GC_INTERVAL));
        }
        scrubber = new Scrubber(volumes, node.repair, config.get(StoreConfigKeys.SCRUB_BYTES_PER_SECOND), registry);
        if (config.get(StoreConfigKeys.SCRUB_ENABLED)) {
            scrubber.start(config.get(StoreConfigKeys.SCRUB_INTERVAL));
        }
        registry.gauge("store.volumes", () -> (Gauge<Integer>) () -> volumes.all().size());
        registry.gauge("store.volumes.read_only", () -> (Gauge<Long>) () ->
                volumes.all().stream().filter(v -> !v.isWritable()).count());
        registry.gauge("store.disk.used_bytes", () -> (Gauge<Long>) volumes::diskBytes);
        registry.gauge("store.disk.deleted_unreclaimed_bytes", () -> (Gauge<Long>) () ->
                volumes.stats().stream().mapToLong(VolumeStats::unreclaimedBytes).sum());
        registry.gauge("store.disk.reclaimed_bytes", () -> (Gauge<Long>) () ->
                volumes.stats().stream().mapToLong(VolumeStats::reclaimedBytes).sum());
        startMetaTasks();
        int httpPort = config.get(CommonConfigKeys.HTTP_PORT);
        if (httpPort >= 0) {
            http = new MetricsHttpServer("store", registry, List.of(this::status))
                    .start(config.get(CommonConfigKeys.HTTP_BIND), httpPort);
        }
        LOG.info("store up: rpc {}, fsync {}, data {}, volumes {}", selfAddress(), policy, dirs, volumes.all().size());
        return this;
    }

    private HandlerRegistry handlers(StoreNode node) {
        HandlerRegistry handlers = new HandlerRegistry();
        // Every store handler touches the disk: worker pool (EBUSY when full is the back-pressure); a read the
        // page cache holds whole is answered on the event loop (ReadBlockHandler).
        handlers.register(WriteBlockRequest.class, new WriteBlockHandler(node), Dispatch.WORKER);
        handlers.register(ReplicateBlockRequest.class, new ReplicateBlockHandler(node), Dispatch.WORKER);
        handlers.register(ReadBlockRequest.class, new ReadBlockHandler(node), Dispatch.EVENT_LOOP_UNLESS_BUSY);
        handlers.register(DeleteBlocksRequest.class, new DeleteBlocksHandler(node), Dispatch.WORKER);
        handlers.register(CopyVolumeRequest.class, new CopyVolumeHandler(node, copier), Dispatch.WORKER);
        VolumeAdminHandlers.register(handlers, node);
        if (managerAgent != null) {
            managerAgent.registerHandlers(handlers);
        }
        return handlers;
    }

    /**
     * The work that needs the meta groups: draining their deletion queues, and the orphan scan. On
     * a manager-run cluster the groups come from the route and the work starts once the manager
     * has placed them; a manager-less store needs {@code store.slot-map-file}, or does neither.
     */
    private void startMetaTasks() throws IOException {
        if (managerAgent != null) {
            DrainPlan plan = managerAgent.drainPlan();
            managerAgent.onSlotMap(map -> startOrUpdateMetaTasks(map, plan));
            return;
        }
        String mapFile = config.get(StoreConfigKeys.SLOT_MAP_FILE);
        if (mapFile.isBlank()) {
            return;
        }
        SlotMap slotMap = SlotMap.load(Path.of(mapFile));
        List<String> peerList = Arrays.stream(config.get(StoreConfigKeys.PEERS).split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).toList();
        startOrUpdateMetaTasks(slotMap, new StaticDrainPlan(slotMap,
                peerList.isEmpty() ? List.of(selfAddress()) : peerList));
    }

    private synchronized void startOrUpdateMetaTasks(SlotMap slotMap, DrainPlan plan) {
        if (closed) {
            return;
        }
        if (meta != null) {
            meta.updateSlotMap(slotMap);
            return;
        }
        metaRpc = new RpcClient("store-meta", RpcOptions.from(config), secret, registry);
        meta = new MetaClient(metaRpc, slotMap, Duration.ofSeconds(10));
        drainer = new DeletionDrainer(meta, plan, peers, registry);
        drainer.start(config.get(StoreConfigKeys.DRAIN_INTERVAL));
        orphans = new OrphanScanner(volumes, meta, config.get(StoreConfigKeys.ORPHAN_GRACE),
                () -> System.nanoTime() / 1_000_000,
                registry);
        orphans.start(config.get(StoreConfigKeys.ORPHAN_SCAN_INTERVAL));
        LOG.info("draining deletion queues and scanning for orphans over {} meta groups", slotMap.groups().size());
    }

    /** The address this store has in replica lists (bind host and actual port). */
    public String selfAddress() {
        return volumes.selfAddress();
    }

    public InetSocketAddress rpcAddress() {
        return rpcServer.address();
    }

    public int httpPort() {
        return http == null ? -1 : http.port();
    }

    public VolumeSet volumes() {
        return volumes;
    }

    public GarbageCollector gc() {
        return gc;
    }

    /** The background CRC checker of every local block. */
    public Scrubber scrubber() {
        return scrubber;
    }

    /** The link to the manager; null for a standalone store (no store.managers). */
    public ManagerAgent managerAgent() {
        return managerAgent;
    }

    /** The orphan scanner; null until the meta groups are known (never on a store without manager or slot map). */
    public synchronized OrphanScanner orphans() {
        return orphans;
    }

    /** The deletion drainer; null until the meta groups are known. */
    public synchronized DeletionDrainer drainer() {
        return drainer;
    }

    /** The /status document: each volume replica's state and fill. */
    public Map<String, Object> status() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("address", selfAddress());
        doc.put("activeVolume", volumes.activeVolume().orElse(0));
        doc.put("volumes", volumes.all().stream().map(v -> {
            VolumeStats s = v.stats();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("volume", v.id());
            m.put("writable", v.isWritable());
            m.put("replicas", v.descriptor().replicas());
            m.put("liveBlocks", s.liveBlocks());
            m.put("liveBytes", s.liveBytes());
            m.put("deletedBytes", s.deletedBytes());
            m.put("unreclaimedBytes", s.unreclaimedBytes());
            m.put("reclaimedBytes", s.reclaimedBytes());
            m.put("diskBytes", s.diskBytes());
            m.put("extents", s.extents());
            return m;
        }).toList());
        return doc;
    }

    private synchronized void closeMetaTasks() {
        closed = true;
        if (orphans != null) {
            orphans.close();
        }
        if (drainer != null) {
            drainer.close();
            meta.close();
            metaRpc.close();
        }
    }

    static InetSocketAddress address(String hostPort) {
        return io.wfs.common.rpc.HostPort.parse(hostPort);
    }

    @Override
    public void close() {
        if (managerAgent != null) {
            managerAgent.close();
        }
        closeMetaTasks();
        if (http != null) {
            http.close();
        }
        if (gc != null) {
            gc.close();
        }
        if (scrubber != null) {
            scrubber.close();
        }
        if (rpcServer != null) {
            rpcServer.close();
        }
        if (copier != null) {
            copier.shutdownNow();
        }
        if (peers != null) {
            peers.close();
        }
        if (durability != null) {
            durability.close();
        }
        if (volumes != null) {
            try {
                volumes.close();
            } catch (IOException e) {
                LOG.error("closing volumes", e);
            }
        }
    }
}
