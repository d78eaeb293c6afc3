package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.manager.ClusterStatusRequest;
import io.wfs.common.msg.manager.MetaHeartbeatRequest;
import io.wfs.common.msg.manager.RegisterMetaNodeRequest;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteBook;
import io.wfs.common.route.RouteCache;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.SlotMap;
import io.wfs.common.route.RouteUpdate;
import io.wfs.common.route.StoreManagerLink;
import io.wfs.common.route.VolumeState;
import io.wfs.common.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * Nodes that speak the manager protocol for tests that need the manager's view of a cluster but
 * not the data path: store nodes through the real {@link StoreManagerLink} (register, heartbeat
 * with free space, keep a route cache), meta nodes through the real register and heartbeat
 * requests. Addresses are placeholders nothing listens on; the manager never dials nodes.
 */
final class ManagerTopology implements AutoCloseable {
    static final long TIB = 1L << 40;

    private final ManagerClient manager;
    private final Duration interval;
    private final List<StoreManagerLink> stores = new ArrayList<>();
    private final Map<Integer, int[]> metaLeads = new ConcurrentHashMap<>();
    private final Map<Integer, Long> metaVersions = new ConcurrentHashMap<>();
    private final List<Integer> metaIds = new ArrayList<>();
    private final ScheduledExecutorService metaTimer =
            Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("it-meta-heartbeat", true));
    private int nextPort = 20_000;

    ManagerTopology(ManagerClient manager, Duration interval) {
        this.manager = manager;
        this.interval = interval;
    }

    /** Registers a store node with 4 TiB free and empty volumes, and starts its heartbeats; returns its link. */
    StoreManagerLink addStore() {
        return addStore(() -> new StoreManagerLink.Usage(4 * TIB, new int[0], new long[0]));
    }

    /** Registers a store node that reports what {@code usage} says, and starts its heartbeats. */
    StoreManagerLink addStore(java.util.function.Supplier<StoreManagerLink.Usage> usage) {
        StoreManagerLink link = new StoreManagerLink(manager, "127.0.0.1:" + nextPort++, 1, 4 * TIB, new RouteCache(10_000));
        link.register(usage.get().freeBytes());
        link.start(interval, usage);
        synchronized (stores) {
            stores.add(link);
        }
        return link;
    }

    /** Registers a meta node and heartbeats it (leading no group until {@link #setLeads}); returns its id. */
    int addMeta() {
        int port = nextPort;
        nextPort += 2;
        int id = manager.call(new RegisterMetaNodeRequest("127.0.0.1:" + port, "127.0.0.1:" + (port + 1))).nodeId();
        metaIds.add(id);
        metaLeads.put(id, new int[0]);
        metaTimer.scheduleWithFixedDelay(() -> {
            try {
                long version = manager.call(new MetaHeartbeatRequest(id, "127.0.0.1:" + port, metaVersions.getOrDefault(id, 0L),
                        metaLeads.get(id))).routeVersion();
                metaVersions.put(id, version);
            } catch (RuntimeException e) {
                // Retried at the next tick, as a meta server does.
            }
        }, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        return id;
    }

    /** The groups meta node {@code id} reports leading from its next heartbeat on. */
    void setLeads(int id, int... groups) {
        metaLeads.put(id, groups);
    }

    List<Integer> metaIds() {
        return metaIds;
    }

    List<StoreManagerLink> stores() {
        synchronized (stores) {
            return new ArrayList<>(stores);
        }
    }

    ClusterStatusReply status() {
        return manager.call(new ClusterStatusRequest());
    }

    /**
     * Asks the manager for its status until {@code done} holds (60 s at most), and returns that
     * status; {@code what} names the awaited state in the failure, with the last route version seen.
     */
    ClusterStatusReply awaitStatus(Predicate<ClusterStatusReply> done, String what) throws InterruptedException {
        AtomicReference<ClusterStatusReply> last = new AtomicReference<>();
        return Await.value(Duration.ofSeconds(60), () -> {
            ClusterStatusReply s = status();
            last.set(s);
            return done.test(s) ? s : null;
        }, () -> what + "; last route version " + (last.get() == null ? "none" : last.get().routeVersion()));
    }

    /**
     * A cluster of real processes (one manager, three meta servers, three stores) with failure
     * detection in seconds, for tests that kill a leader under load: add mounts and start it.
     */
    static MiniClusterBuilder processClusterWithFastFailover() {
        return MiniCluster.builder().managers(1).managerProcesses(true)
                .managerSetting("manager.meta-replicas", "3").managerSetting("manager.heartbeat-interval", "300ms")
                .managerSetting("manager.check-interval", "200ms").managerSetting("manager.node-timeout", "3s")
                .metaNodes(3).processes(true).metaFromManager().stores(3).storeProcesses(true);
    }

    /** Waits until every group has a leader and 3 stores each have a writable volume; returns that route. */
    SlotMap awaitLedAndWritable() throws InterruptedException {
        ClusterStatusReply ready = awaitLedAndWritable(3);
        return model(ready).toSlotMap(ready.routeVersion());
    }

    /** Waits until every group has a leader and {@code stores} stores each have a writable volume. */
    ClusterStatusReply awaitLedAndWritable(int stores) throws InterruptedException {
        return awaitStatus(s -> {
            RouteModel m = model(s);
            return m.groups().size() > 0 && m.groups().stream().allMatch(g -> g.leader() != 0)
                    && m.stores().size() == stores && everyUpStoreWrites(m);
        }, "every group with a leader and " + stores + " stores with a writable volume");
    }

    /** The route inside a status reply, as a model. */
    static RouteModel model(ClusterStatusReply status) {
        RouteBook book = new RouteBook(1);
        book.apply(RouteUpdate.decode(status.route()));
        return book.model();
    }

    /** Whether the route has stores and every store that is up has a writable volume. */
    static boolean everyUpStoreWrites(RouteModel m) {
        return !m.stores().isEmpty() && m.stores().stream().filter(RouteChange.StoreNode::up)
                .allMatch(s -> m.writableVolumeOf(s.id()) != null
                        && m.writableVolumeOf(s.id()).state() == VolumeState.WRITABLE);
    }

    /** {@code bin/wfs status} (text and --json), given every manager of {@code cluster}, shows {@code expected}. */
    @SuppressWarnings("unchecked")
    static void assertStatusCommandShows(MiniCluster cluster, ClusterStatusReply expected) throws Exception {
        String text = cluster.statusCommand(false);
        RouteModel model = model(expected);
        for (RouteChange.StoreNode s : model.stores()) {
            assertTrue(text.contains(s.address()), "status names store " + s.address() + ":\n" + text);
        }
        for (RouteChange.MetaNode m : model.metaNodes()) {
            assertTrue(text.contains(m.clientAddress()), "status names meta node " + m.clientAddress() + ":\n" + text);
        }
        assertTrue(text.contains("groups (" + model.groups().size() + ")"), text);
        assertTrue(text.contains("volumes (" + model.volumeCount() + ","), text);
        for (RouteChange.Volume v : model.volumes()) {
            assertTrue(text.lines().anyMatch(l -> l.trim().startsWith(v.id() + " ") && l.contains(v.state().name())),
                    "status lists volume " + v.id() + ":\n" + text);
        }
        Map<String, Object> doc = new ObjectMapper().readValue(cluster.statusCommand(true), Map.class);
        assertTrue(((Number) doc.get("routeVersion")).longValue() >= expected.routeVersion());
        assertEquals(model.stores().size() + model.metaNodes().size(), ((List<?>) doc.get("nodes")).size());
        List<Map<String, Object>> groups = (List<Map<String, Object>>) doc.get("groups");
        assertEquals(model.groups().size(), groups.size());
        assertEquals(4096, groups.stream().mapToInt(g -> ((Number) g.get("slotCount")).intValue()).sum());
        assertEquals(model.volumeCount(), ((List<?>) doc.get("volumes")).size());
    }

    @Override
    public void close() {
        metaTimer.shutdownNow();
        for (StoreManagerLink link : stores()) {
            link.close();
        }
    }
}
