package io.wfs.store.manager;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.VolumeFill;
import io.wfs.common.msg.manager.VolumeStateReportRequest;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.RouteCache;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteHandlers;
import io.wfs.common.route.SlotMap;
import io.wfs.common.route.StoreManagerLink;
import io.wfs.common.route.VolumeState;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.deletion.DrainPlan;
import io.wfs.store.disk.VolumeDescriptor;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.disk.VolumeStats;
import io.wfs.store.node.VolumeSet;
import io.wfs.store.node.VolumeStateListener;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A store's side of the manager, when {@code store.managers} is set: registers (retrying until a
 * manager answers), heartbeats free space and per-volume fill, keeps the route the manager
 * pushes in heartbeat replies and serves it to clients (full route, deltas, volume locations),
 * creates the replicas the route places here, reports replicas that turned read-only, and
 * publishes the route's slot map to the store's work on the meta groups (deletion drain, orphan scan).
 * Metrics: {@code store.manager.heartbeats}, {@code store.manager.heartbeat_failures},
 * {@code store.manager.volume_reports}.
 */
public final class ManagerAgent implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ManagerAgent.class);
    private static final int ROUTE_LOG_CHANGES = 100_000;

    private final RouteCache cache = new RouteCache(ROUTE_LOG_CHANGES);
    private final RpcClient rpc;
    private final ManagerClient manager;
    private final Counter heartbeats;
    private final Counter failures;
    private final Counter reports;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("store-manager", true));
    private final List<Consumer<SlotMap>> slotMapListeners = new CopyOnWriteArrayList<>();
    private volatile SlotMap slotMap;
    private volatile StoreManagerLink link;
    private volatile VolumeSet volumes;
    private List<Path> dataDirs;
    /** store.min-free-space: not free for the manager's purposes, since new blocks are refused inside it. */
    private final long reserve;
    private long appliedVersion = -1;
    /** The catch-up waiting for the timer thread, shared by every caller until it starts. */
    private CompletableFuture<Void> pendingCatchUp;

    private ManagerAgent(List<String> managers, WfsConfig config, ClusterSecret secret, MetricRegistry registry) {
        this.rpc = new RpcClient("store-manager", RpcOptions.from(config), secret, registry);
        this.manager = new ManagerClient(rpc, managers, Duration.ofSeconds(10));
        this.heartbeats = registry.counter("store.manager.heartbeats");
        this.failures = registry.counter("store.manager.heartbeat_failures");
        this.reports = registry.counter("store.manager.volume_reports");
        this.reserve = config.get(StoreConfigKeys.MIN_FREE_SPACE);
    }

    /** The agent for this configuration, or null when {@code store.managers} is empty (standalone store). */
    public static ManagerAgent create(WfsConfig config, ClusterSecret secret, MetricRegistry registry) {
        List<String> managers = ManagerClient.parseAddresses(config.get(StoreManagerConfigKeys.MANAGERS),
                StoreManagerConfigKeys.MANAGERS.name());
        return managers.isEmpty() ? null : new ManagerAgent(managers, config, secret, registry);
    }

    /** Serves the route to clients from this store (registered before the RPC server starts). */
    public void registerHandlers(HandlerRegistry handlers) {
        RouteHandlers.register(handlers, cache);
    }

    /** Also reports a replica that turned read-only to the manager, so writers move to another volume. */
    public VolumeStateListener reporting(VolumeStateListener local) {
        return (volume, reason) -> {
            local.volumeReadOnly(volume, reason);
            timer.execute(() -> report(volume, reason));
        };
    }

    /** Starts registering and heartbeating as {@code selfAddress} (known once the RPC port is bound). */
    public void start(String selfAddress, VolumeSet volumes, List<Path> dataDirs) {
        this.volumes = volumes;
        this.dataDirs = dataDirs;
        long[] space = space();
        link = new StoreManagerLink(manager, selfAddress, dataDirs.size(), space[0], cache);
        timer.execute(this::tick);
    }

    public RouteCache routeCache() {
        return cache;
    }

    /** The meta groups of the newest route, or null until the manager has placed them. */
    public SlotMap slotMap() {
        return slotMap;
    }

    /**
     * Calls {@code listener} with every newer slot map the route brings (on the agent's thread),
     * and at once with the current one if known.
     */
    public void onSlotMap(Consumer<SlotMap> listener) {
        slotMapListeners.add(listener);
        SlotMap now = slotMap;
        if (now != null) {
            timer.execute(() -> listener.accept(now));
        }
    }

    /** Which meta groups this store drains and where drained blocks are deleted, as the route says. */
    public DrainPlan drainPlan() {
        return new RouteDrainPlan(this);
    }

    /** This store's node id, 0 until registered. */
    public int nodeId() {
        StoreManagerLink l = link;
        return l == null ? 0 : l.nodeId();
    }

    private void tick() {
        StoreManagerLink l = link;
        try {
            if (l.nodeId() == 0) {
                l.register(space()[1]);
                LOG.info("registered with the manager as store node {}", l.nodeId());
            }
            l.heartbeat(usage());
            heartbeats.inc();
            followRoute(l.nodeId());
        } catch (WfsException e) {
            failures.inc();
            LOG.warn("manager heartbeat failed: {}", e.toString());
            if (e.code() == WfsErrorCode.SESSION_EXPIRED) {
                // The manager group does not know this id (a fresh manager group): register again.
                try {
                    l.register(space()[1]);
                } catch (RuntimeException again) {
                    LOG.warn("registration with the manager failed: {}", again.toString());
                }
            }
        } catch (RuntimeException e) {
            failures.inc();
            LOG.warn("manager heartbeat failed: {}", e.toString());
        } finally {
            if (!timer.isShutdown()) {
                timer.schedule(this::tick, l.heartbeatIntervalMillis(), TimeUnit.MILLISECONDS);
            }
        }
    }

    /**
     * An extra heartbeat now, whose reply brings the newest route, then applied to the replicas.
     * Callers that arrive while one is pending share it, so a burst of writes to a new volume
     * costs the manager one request.
     */
    public CompletableFuture<Void> catchUp() {
        CompletableFuture<Void> done;
        synchronized (this) {
            if (pendingCatchUp != null) {
                return pendingCatchUp;
            }
            done = new CompletableFuture<>();
            pendingCatchUp = done;
        }
        try {
            timer.execute(() -> {
                synchronized (this) {
                    pendingCatchUp = null;
                }
                try {
                    StoreManagerLink l = link;
                    if (l != null && l.nodeId() != 0) {
                        l.heartbeat(usage());
                        followRoute(l.nodeId());
                    }
                    done.complete(null);
                } catch (RuntimeException e) {
                    // The request then fails as it would have without the catch-up (no such volume here).
                    LOG.warn("catching up with the manager's route failed: {}", e.toString());
                    done.complete(null);
                }
            });
        } catch (RejectedExecutionException e) {
            done.complete(null);
        }
        return done;
    }

    private void followRoute(int selfId) {
        long version = cache.routeVersion();
        if (version != appliedVersion) {
            publishSlotMap(version);
            // Planned under the route's lock, applied outside it: disk work must not stall clients' route requests.
            List<VolumeDescriptor> locals = volumes.all().stream().map(VolumeReplica::descriptor).toList();
            RouteVolumes.Outcome outcome = RouteVolumes.apply(cache.read(route -> RouteVolumes.plan(route, selfId, locals)),
                    volumes);
            if (outcome.failed() == 0) {
                appliedVersion = version;
            }
            if (outcome.changed() > 0) {
                LOG.info("route version {}: {} local replicas created or changed", version, outcome.changed());
            }
        }
    }

    private void publishSlotMap(long version) {
        SlotMap next = cache.read(route -> route.groups().isEmpty() ? null : route.toSlotMap(version));
        SlotMap current = slotMap;
        if (next != null && (current == null || next.version() > current.version())) {
            slotMap = next;
            for (Consumer<SlotMap> l : slotMapListeners) {
                l.accept(next);
            }
        }
    }

    private void report(int volume, String reason) {
        StoreManagerLink l = link;
        if (l == null || l.nodeId() == 0) {
            return;
        }
        boolean writableInRoute = cache.read(route -> {
            RouteChange.Volume v = route.volume(volume);
            return v != null && v.state() == VolumeState.WRITABLE;
        });
        if (!writableInRoute) {
            return; // The manager decided it (sealed, or a dead replica): nothing to tell.
        }
        try {
            manager.call(new VolumeStateReportRequest(l.nodeId(), cache.routeVersion(), volume, VolumeState.READ_ONLY,
                    reason.length() > 200 ? reason.substring(0, 200) : reason));
            reports.inc();
        } catch (WfsException e) {
            LOG.warn("could not report volume {} read-only (the manager learns it from the next report): {}", volume,
                    e.toString());
        }
    }

    private StoreManagerLink.Usage usage() {
        List<VolumeStats> stats = volumes.stats();
        int[] ids = new int[stats.size()];
        long[] used = new long[stats.size()];
        long[] unreclaimed = new long[stats.size()];
        long[] reclaimed = new long[stats.size()];
        for (int i = 0; i < ids.length; i++) {
            VolumeStats s = stats.get(i);
            ids[i] = s.volume();
            used[i] = s.diskBytes();
            unreclaimed[i] = s.unreclaimedBytes();
            reclaimed[i] = s.reclaimedBytes();
        }
        return new StoreManagerLink.Usage(space()[1], new VolumeFill(ids, used, unreclaimed, reclaimed));
    }

    /** {total, usable} bytes over the distinct file systems of the data folders (usable less the reserve of each). */
    private long[] space() {
        Set<FileStore> stores = new LinkedHashSet<>();
        long[] space = new long[2];
        for (Path d : dataDirs) {
            try {
                FileStore fs = Files.getFileStore(d);
                if (stores.add(fs)) {
                    space[0] += fs.getTotalSpace();
                    space[1] += Math.max(0, fs.getUsableSpace() - reserve);
                }
            } catch (IOException e) {
                LOG.warn("cannot read the space of {}: {}", d, e.toString());
            }
        }
        return space;
    }

    @Override
    public void close() {
        StoreManagerLink.stop(timer);
        rpc.close();
    }
}
