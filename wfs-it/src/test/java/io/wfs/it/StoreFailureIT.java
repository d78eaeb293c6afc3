package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.BootRouteReply;
import io.wfs.common.msg.manager.BootRouteRequest;
import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.manager.FullRouteRequest;
import io.wfs.common.msg.manager.LocateVolumeRequest;
import io.wfs.common.msg.manager.RouteDeltaRequest;
import io.wfs.common.msg.manager.RouteReply;
import io.wfs.common.msg.manager.VolumeLocationReply;
import io.wfs.common.msg.manager.VolumeStateReportRequest;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.RouteCache;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.RouteUpdate;
import io.wfs.common.route.VolumeState;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.Await;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.server.StoreServer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A manager and four real store servers (in this JVM, on loopback) linked through
 * {@code store.managers}: stores register, heartbeat, create the replicas the route places on
 * them and serve the route. A store that stops heartbeating is marked down, its volumes leave
 * the write path, writers get new volumes, and a client with an old route is told STALE_ROUTE
 * and catches up with a delta. The placement invariants hold at every route version.
 */
class StoreFailureIT {
    private static final Duration NODE_TIMEOUT = Duration.ofSeconds(3);
    private static final Duration HEARTBEAT = Duration.ofMillis(200);
    private static final Duration WAIT = Duration.ofSeconds(60);

    private MiniCluster cluster;
    private ManagerCluster managers;
    private List<StoreServer> stores;
    private ManagerClient manager;
    private RpcClient client;

    @BeforeEach
    void start() throws Exception {
        cluster = MiniCluster.builder().metaNodes(0).managers(1)
                .managerSetting("manager.node-timeout", NODE_TIMEOUT.toMillis() + "ms")
                .managerSetting("manager.heartbeat-interval", HEARTBEAT.toMillis() + "ms")
                .managerSetting("manager.check-interval", "100ms")
                .stores(4).storeSetting(StoreConfigKeys.GC_ENABLED.name(), "false").start();
        managers = cluster.managers();
        stores = new ArrayList<>(cluster.storeServers());
        manager = managers.managerClient();
        client = managers.rpcClient();
        Await.until(WAIT, () -> {
            RouteModel m = ManagerTopology.model(manager.call(new io.wfs.common.msg.manager.ClusterStatusRequest()));
            return m.stores().size() == stores.size() && ManagerTopology.everyUpStoreWrites(m);
        }, "every store registered with a writable volume");
        // Every store holds, as a local replica, the writable volume the manager made it primary of.
        RouteModel placed = ManagerTopology.model(status());
        for (StoreServer s : stores) {
            RouteChange.Volume w = placed.writableVolumeOf(s.managerAgent().nodeId());
            Await.until(WAIT, () -> s.volumes().activeVolume().orElse(0) == w.id(), "volume " + w.id() + " active on its primary");
        }
    }

    @AfterEach
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    private InProcessManagerNode managerNode() {
        return (InProcessManagerNode) managers.manager(0);
    }

    /** Waits until {@code store}'s route cache has caught up to {@code version}. */
    private static void awaitRoute(StoreServer store, long version) throws InterruptedException {
        Await.until(WAIT, () -> store.managerAgent().routeCache().routeVersion() >= version,
                () -> "the store's route at version " + version + ", not " + store.managerAgent().routeCache().routeVersion());
    }

    private ClusterStatusReply status() {
        return manager.call(new io.wfs.common.msg.manager.ClusterStatusRequest());
    }

    private <R extends io.wfs.common.rpc.Response> R call(StoreServer store, io.wfs.common.rpc.Request<R> request)
            throws Exception {
        InetSocketAddress at = store.rpcAddress();
        return client.call(new InetSocketAddress("127.0.0.1", at.getPort()), request).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aStoreThatStopsHeartbeatingIsMarkedDownAndClientsMoveOn() throws Exception {
        RouteModel before = ManagerTopology.model(status());
        // A client boots from the manager, then takes the full route from a store.
        BootRouteReply boot = manager.call(new BootRouteRequest());
        assertEquals(stores.size(), boot.storeAddresses().size());
        StoreServer server = stores.get(0);
        long managerVersion = status().routeVersion();
        awaitRoute(server, managerVersion);
        RouteCache clientRoute = new RouteCache(1000);
        RouteReply full = call(server, new FullRouteRequest("it-client"));
        assertTrue(RouteUpdate.decode(full.update()).full());
        clientRoute.apply(full.update());
        long oldVersion = clientRoute.routeVersion();

        StoreServer victim = stores.get(3);
        int victimId = victim.managerAgent().nodeId();
        RouteChange.Volume victimWritable = before.writableVolumeOf(victimId);
        List<Integer> touched = before.volumes().stream().filter(v -> v.hasReplicaOn(victimId)).map(RouteChange.Volume::id).toList();
        long stoppedAt = System.nanoTime();
        cluster.stopStore(victim);
        stores.remove(victim);

        Await.until(WAIT, () -> !ManagerTopology.model(status()).store(victimId).up(), "store " + victimId + " marked down");
        long downAfterMs = (System.nanoTime() - stoppedAt) / 1_000_000;
        assertTrue(downAfterMs >= NODE_TIMEOUT.toMillis() - HEARTBEAT.toMillis() - 100,
                "marked down after " + downAfterMs + " ms, before its timeout of " + NODE_TIMEOUT);
        Await.until(WAIT, () -> ManagerTopology.everyUpStoreWrites(ManagerTopology.model(status())),
                "every store still up has a writable volume");
        ClusterStatusReply after = status();
        RouteModel now = ManagerTopology.model(after);
        assertEquals(VolumeState.READ_ONLY, now.volume(victimWritable.id()).state(), "the dead store's writable volume");
        assertNull(now.writableVolumeOf(victimId));
        for (int id : touched) {
            VolumeState s = now.volume(id).state();
            assertTrue(s == VolumeState.READ_ONLY || s == VolumeState.DEGRADED, "volume " + id + " with a replica on the dead node is " + s);
        }
        for (StoreServer s : stores) {
            RouteChange.Volume w = now.writableVolumeOf(s.managerAgent().nodeId());
            assertFalse(w.hasReplicaOn(victimId), "new writable volume " + w.id() + " avoids the dead node");
        }
        assertTrue(after.replicationQueue().length >= touched.size(), "volumes queued for re-replication");

        // The client's old route is refused with the current version; a delta (not the full route) brings it up to date.
        awaitRoute(server, after.routeVersion());
        ExecutionException stale = assertThrows(ExecutionException.class,
                () -> call(server, new LocateVolumeRequest(oldVersion, victimWritable.id())));
        WfsException e = WfsException.unwrap(stale);
        assertEquals(WfsErrorCode.STALE_ROUTE, e.code());
        assertTrue(e.routeVersion() > oldVersion, "STALE_ROUTE carries the current version");
        RouteReply delta = call(server, new RouteDeltaRequest(oldVersion));
        RouteUpdate update = RouteUpdate.decode(delta.update());
        assertFalse(update.full(), "a client one change behind gets a delta");
        assertEquals(oldVersion, update.fromVersion());
        assertTrue(delta.update().length < full.update().length);
        assertTrue(clientRoute.apply(delta.update()));
        VolumeLocationReply located = call(server, new LocateVolumeRequest(clientRoute.routeVersion(), victimWritable.id()));
        assertEquals(VolumeState.READ_ONLY.code(), located.state());
        assertEquals(now.volumes(), clientRoute.read(RouteModel::volumes), "the client's route after the delta");

        // At least: 4 registrations, 4 first volumes, the node down; each version checked on its own.
        assertTrue(RouteHistory.assertInvariantsAtEveryVersion(managerNode().server()) >= 9);
    }

    @Test
    void afterOneChangeAClientGetsADeltaAndAReadOnlyReportMovesTheWriter() throws Exception {
        StoreServer server = stores.get(0);
        long version = status().routeVersion();
        awaitRoute(server, version);
        StoreServer writer = stores.get(1);
        int writerId = writer.managerAgent().nodeId();
        int volume = writer.volumes().activeVolume().orElseThrow();
        // The store turns its replica read-only (as after a failed replica write); the agent reports it.
        writer.volumes().markReadOnly(writer.volumes().require(volume), "test: replica write failed");
        // READ_ONLY, then SEALED: every replica is up, so the re-replication queue ends the entry with
        // nothing to copy (VolumeReplicator, ReplaceReplicaCommand); what was acknowledged is on all of them.
        Await.until(WAIT, () -> {
            RouteModel m = ManagerTopology.model(status());
            VolumeState state = m.volume(volume).state();
            return (state == VolumeState.READ_ONLY || state == VolumeState.SEALED) && m.writableVolumeOf(writerId) != null;
        }, "volume " + volume + " out of the write path and store " + writerId + " writing to another");
        int next = ManagerTopology.model(status()).writableVolumeOf(writerId).id();
        Await.until(WAIT, () -> writer.volumes().activeVolume().orElse(0) == next, "volume " + next + " active on the writer");
        long current = status().routeVersion();
        awaitRoute(server, current);

        RouteReply delta = call(server, new RouteDeltaRequest(version));
        RouteUpdate update = RouteUpdate.decode(delta.update());
        assertFalse(update.full());
        assertEquals(version + 1, update.changes().get(0).version());
        assertEquals(new RouteChange.Volume(volume, VolumeState.READ_ONLY, ManagerTopology.model(status()).volume(volume).replicas()),
                update.changes().get(0).change(), "the first change after the client's version is the report");
        assertTrue(RouteHistory.assertInvariantsAtEveryVersion(managerNode().server()) > 0);
    }

    @Test
    void badReportsAndUnknownNodesAreRefused() {
        WfsException unknownVolume = assertThrows(WfsException.class, () -> manager.call(
                new VolumeStateReportRequest(stores.get(0).managerAgent().nodeId(), 0, 999_999, VolumeState.READ_ONLY, "x")));
        assertEquals(WfsErrorCode.ENOENT, unknownVolume.code());
        RouteModel m = ManagerTopology.model(status());
        RouteChange.Volume v = m.writableVolumeOf(stores.get(0).managerAgent().nodeId());
        int outsider = m.stores().stream().mapToInt(RouteChange.StoreNode::id).filter(id -> !v.hasReplicaOn(id)).findFirst().orElseThrow();
        WfsException notHolder = assertThrows(WfsException.class, () -> manager.call(
                new VolumeStateReportRequest(outsider, 0, v.id(), VolumeState.READ_ONLY, "x")));
        assertEquals(WfsErrorCode.BAD_REQUEST, notHolder.code());
        WfsException stale = assertThrows(WfsException.class, () -> manager.call(
                new VolumeStateReportRequest(outsider, 1, v.id(), VolumeState.READ_ONLY, "x")));
        assertEquals(WfsErrorCode.STALE_ROUTE, stale.code());
        WfsException unknownNode = assertThrows(WfsException.class, () -> manager.call(
                new io.wfs.common.msg.manager.StoreHeartbeatRequest(123_456, 0, 1, new int[0], new long[0])));
        assertEquals(WfsErrorCode.SESSION_EXPIRED, unknownNode.code());
        int known = stores.get(0).managerAgent().nodeId();
        WfsException otherAddress = assertThrows(WfsException.class, () -> manager.call(
                new io.wfs.common.msg.manager.StoreHeartbeatRequest(known, "127.0.0.1:1", 0, 1, new int[0], new long[0])));
        assertEquals(WfsErrorCode.SESSION_EXPIRED, otherAddress.code(), "an id registered under another address");
        WfsException badAddress = assertThrows(WfsException.class, () -> manager.call(
                new io.wfs.common.msg.manager.StoreHeartbeatRequest(known, "no-port", 0, 1, new int[0], new long[0])));
        assertEquals(WfsErrorCode.BAD_REQUEST, badAddress.code());
        WfsException badMeta = assertThrows(WfsException.class, () -> manager.call(
                new io.wfs.common.msg.manager.MetaHeartbeatRequest(known, "127.0.0.1:0", 0, new int[0])));
        assertEquals(WfsErrorCode.BAD_REQUEST, badMeta.code());
        assertNotNull(status());
    }
}
