package io.wfs.client.route;

import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.BootRouteReply;
import io.wfs.common.msg.manager.BootRouteRequest;
import io.wfs.common.msg.manager.FullRouteRequest;
import io.wfs.common.msg.manager.RouteDeltaRequest;
import io.wfs.common.msg.manager.RouteReply;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.RouteCache;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.SlotMap;
import io.wfs.common.route.VolumeState;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.client.RpcClient;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The route as clients keep it (docs/manager.md, "Routes"): each refresh asks the manager for
 * the boot route (route version, store addresses) only; the full route and later deltas come
 * from the stores, so clients do not load the manager with routes. The manager serves routes
 * too and is the fallback when no store answers. Refreshed every client.route-refresh and on
 * demand (no writable volume).
 */
public final class ManagedClusterView implements ClusterView {
    private static final Logger LOG = LoggerFactory.getLogger(ManagedClusterView.class);

    private final ManagerClient manager;
    private final RpcClient rpc;
    private final Duration timeout;
    private final RouteCache route = new RouteCache(0);
    private final List<Consumer<SlotMap>> slotMapListeners = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService refresher =
            Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("wfs-route-refresh", true));
    private volatile List<String> stores = List.of();
    private volatile SlotMap slotMap;
    private volatile long clusterId;
    /** This client's current volume: writers stay on one volume so each store sees sequential appends. */
    private volatile int stickyVolume;

    public ManagedClusterView(ManagerClient manager, RpcClient rpc, Duration timeout, Duration refreshEvery) {
        this.manager = manager;
        this.rpc = rpc;
        this.timeout = timeout;
        refresh();
        if (slotMap == null) {
            throw new WfsException(WfsErrorCode.UNAVAILABLE, "the cluster has no metadata groups yet");
        }
        refresher.scheduleWithFixedDelay(this::refreshQuietly, refreshEvery.toMillis(), refreshEvery.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void refresh() {
        BootRouteReply boot = manager.call(new BootRouteRequest("wfs-client"));
        stores = boot.storeAddresses();
        if (boot.clusterId() != 0) {
            clusterId = boot.clusterId();
        }
        if (route.routeVersion() >= boot.routeVersion() && slotMap != null) {
            return;
        }
        RouteReply reply = fetch(route.routeVersion() == 0 ? new FullRouteRequest("wfs-client")
                : new RouteDeltaRequest(route.routeVersion()), boot.routeVersion());
        if (!route.apply(reply.update())) {
            route.apply(fetch(new FullRouteRequest("wfs-client"), boot.routeVersion()).update());
        }
        long version = route.routeVersion();
        SlotMap next = route.read(m -> m.groups().isEmpty() ? null : m.toSlotMap(version));
        if (next != null && (slotMap == null || next.version() > slotMap.version())) {
            slotMap = next;
            slotMapListeners.forEach(l -> l.accept(next));
        }
    }

    @Override
    public long clusterId() {
        return clusterId;
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (RuntimeException e) {
            LOG.debug("route refresh failed, next round retries: {}", e.toString());
        }
    }

    /**
     * From a random store, then the others, then the manager. A store whose route is older than
     * {@code atLeast} (the manager's version in the boot route: the push has not reached it yet,
     * e.g. right after the meta groups were placed) is passed over.
     */
    private RouteReply fetch(Request<RouteReply> request, long atLeast) {
        List<String> order = new ArrayList<>(stores);
        java.util.Collections.shuffle(order, ThreadLocalRandom.current());
        for (String store : order) {
            try {
                RouteReply r = rpc.call(address(store), request, timeout).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                if (r.routeVersion() > 0 && r.routeVersion() >= atLeast) {
                    return r;
                }
            } catch (Exception e) {
                LOG.debug("route from store {} failed: {}", store, e.toString());
            }
        }
        return manager.call(request);
    }

    @Override
    public SlotMap slotMap() {
        return slotMap;
    }

    @Override
    public WritableVolume writableVolume(Set<Integer> excluded) {
        WritableVolume chosen = pick(excluded);
        if (chosen == null) {
            refresh();
            chosen = pick(excluded);
        }
        if (chosen == null) {
            throw new WfsException(WfsErrorCode.ENOSPC, "no writable volume can take the data");
        }
        stickyVolume = chosen.volume();
        return chosen;
    }

    private WritableVolume pick(Set<Integer> excluded) {
        return route.read(m -> {
            RouteChange.Volume sticky = stickyVolume == 0 ? null : m.volume(stickyVolume);
            if (usable(sticky, excluded) && m.store(sticky.primary()) != null) {
                return new WritableVolume(sticky.id(), m.store(sticky.primary()).address());
            }
            List<RouteChange.Volume> candidates = m.volumes().stream().filter(v -> usable(v, excluded)
                    && m.store(v.primary()) != null && m.store(v.primary()).up()).toList();
            if (candidates.isEmpty()) {
                return null;
            }
            RouteChange.Volume v = candidates.get(ThreadLocalRandom.current().nextInt(candidates.size()));
            return new WritableVolume(v.id(), m.store(v.primary()).address());
        });
    }

    private static boolean usable(RouteChange.Volume v, Set<Integer> excluded) {
        return v != null && v.state() == VolumeState.WRITABLE && !excluded.contains(v.id());
    }

    @Override
    public int replicasPerVolume() {
        return route.read(RouteModel::replicasPerVolume);
    }

    @Override
    public List<String> replicasOf(int volume) {
        return replicas(volume, false);
    }

    /** Every volume the route has (wfs fsck walks them). */
    public int[] volumeIds() {
        return route.read(m -> m.volumes().stream().mapToInt(RouteChange.Volume::id).toArray());
    }

    /** The addresses of {@code volume}'s replicas on stores the manager sees up. */
    public List<String> upReplicasOf(int volume) {
        return replicas(volume, true);
    }

    private List<String> replicas(int volume, boolean upOnly) {
        return route.read(m -> {
            RouteChange.Volume v = m.volume(volume);
            List<String> out = new ArrayList<>();
            for (int node : v == null ? new int[0] : v.replicas()) {
                RouteChange.StoreNode s = m.store(node);
                if (s != null && (s.up() || !upOnly)) {
                    out.add(s.address());
                }
            }
            return out;
        });
    }

    @Override
    public void onSlotMap(Consumer<SlotMap> listener) {
        slotMapListeners.add(listener);
    }

    static InetSocketAddress address(String hostPort) {
        return io.wfs.common.rpc.HostPort.parse(hostPort);
    }

    @Override
    public void close() {
        refresher.shutdownNow();
    }
}
