package io.wfs.common.route;

import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.msg.manager.FullRouteRequest;
import io.wfs.common.msg.manager.HeartbeatReply;
import io.wfs.common.msg.manager.RegisterStoreNodeRequest;
import io.wfs.common.msg.manager.RegisteredReply;
import io.wfs.common.msg.manager.StoreHeartbeatRequest;
import io.wfs.common.msg.manager.VolumeFill;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A store node's side of the manager protocol: register, heartbeat with free space and volume
 * fill, and keep a {@link RouteCache} current from the route updates the manager pushes in
 * heartbeat replies (a delta that does not connect makes it fetch the full route). The store
 * server serves its clients from that cache.
 */
public final class StoreManagerLink implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StoreManagerLink.class);

    /** What a heartbeat reports: free bytes, and the fill of each volume replica. */
    public record Usage(long freeBytes, VolumeFill fill) {
        public Usage(long freeBytes, int[] volumeIds, long[] volumeUsedBytes) {
            this(freeBytes, VolumeFill.of(volumeIds, volumeUsedBytes));
        }
    }

    private final ManagerClient manager;
    private final String address;
    private final int disks;
    private final long capacityBytes;
    private final RouteCache cache;
    private volatile int nodeId;
    private volatile long heartbeatIntervalMillis = 1000;
    private ScheduledExecutorService timer;

    public StoreManagerLink(ManagerClient manager, String address, int disks, long capacityBytes, RouteCache cache) {
        this.manager = manager;
        this.address = address;
        this.disks = disks;
        this.capacityBytes = capacityBytes;
        this.cache = cache;
    }

    public int register(long freeBytes) {
        RegisteredReply reply = manager.call(new RegisterStoreNodeRequest(address, disks, capacityBytes, freeBytes));
        nodeId = reply.nodeId();
        if (reply.routeVersion() < cache.routeVersion()) {
            // A manager group with less history than this cache (rebuilt from nothing): its route replaces ours,
            // or deltas cut from its log would be applied onto a different history.
            cache.apply(manager.call(new FullRouteRequest("store-" + nodeId)).update());
        }
        if (reply.heartbeatIntervalMillis() > 0) {
            heartbeatIntervalMillis = reply.heartbeatIntervalMillis();
        }
        return nodeId;
    }

    /** How often the manager wants heartbeats (told at registration; 1 s before). */
    public long heartbeatIntervalMillis() {
        return heartbeatIntervalMillis;
    }

    public ManagerClient manager() {
        return manager;
    }

    public int nodeId() {
        return nodeId;
    }

    public RouteCache cache() {
        return cache;
    }

    /** One heartbeat; applies the route update it brings. */
    public HeartbeatReply heartbeat(Usage usage) {
        HeartbeatReply reply = manager.call(new StoreHeartbeatRequest(nodeId, address, cache.routeVersion(), usage.freeBytes(),
                usage.fill()));
        if (!cache.apply(reply.routeUpdate())) {
            cache.apply(manager.call(new FullRouteRequest("store-" + nodeId)).update());
        }
        return reply;
    }

    /** Heartbeats every {@code interval} until {@link #close}; failures are logged and retried next time. */
    public synchronized void start(Duration interval, Supplier<Usage> usage) {
        timer = Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("store-heartbeat", true));
        timer.scheduleWithFixedDelay(() -> {
            try {
                heartbeat(usage.get());
            } catch (RuntimeException e) {
                LOG.warn("heartbeat to the manager failed: {}", e.toString());
            }
        }, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops heartbeating (the manager will mark this node down after its timeout). */
    @Override
    public synchronized void close() {
        if (timer != null) {
            stop(timer);
            timer = null;
        }
    }

    /** Stops a node's heartbeat timer and waits briefly for a heartbeat in progress (shared by the node agents). */
    public static void stop(ScheduledExecutorService timer) {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
