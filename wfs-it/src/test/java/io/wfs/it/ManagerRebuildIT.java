package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.manager.ClusterStatusRequest;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.testing.Await;
import io.wfs.store.server.StoreServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The manager group loses its state (its data folder is gone) while stores run: their
 * heartbeats are refused as from unknown nodes, they register again — a store whose old id the
 * rebuilt manager gave to the other store is refused too, since heartbeats carry the address —
 * and their route caches, ahead of the new manager's history, are replaced by its full route
 * rather than patched with deltas cut from a different history.
 */
class ManagerRebuildIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void storesRegisterAgainWithAManagerRebuiltFromNothing() throws Exception {
        // More replicas than stores: no volume is created, so the rebuilt manager's ids cannot clash with local replicas.
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(0).managers(1)
                .managerSetting("manager.volume-replicas", "5").managerSetting("manager.heartbeat-interval", "200ms")
                .stores(2).start()) {
            ManagerCluster managers = cluster.managers();
            List<StoreServer> stores = cluster.storeServers();
            var manager = managers.managerClient();
            // Three route versions at least (two registrations, then a third store's, which then goes away).
            Await.until(WAIT, () -> ManagerTopology.model(manager.call(new ClusterStatusRequest()))
                    .stores().size() == 2, "two stores registered");
            new ManagerTopology(manager, java.time.Duration.ofSeconds(1)).addStore().close();
            long before = manager.call(new ClusterStatusRequest()).routeVersion();
            Await.until(WAIT, () -> stores.stream()
                    .allMatch(s -> s.managerAgent().routeCache().routeVersion() >= before),
                    "every store's route at version " + before);

            managers.manager(0).close();
            MiniCluster.deleteTree(managers.dir().resolve("manager0"));
            managers.manager(0).start();
            managers.awaitLeader(java.time.Duration.ofSeconds(60));

            Await.until(WAIT, () -> {
                RouteModel m = ManagerTopology.model(manager.call(new ClusterStatusRequest()));
                return m.stores().size() == 2 && m.stores().stream().allMatch(RouteChange.StoreNode::up)
                        && stores.stream().allMatch(st -> m.store(st.managerAgent().nodeId()) != null
                        && m.store(st.managerAgent().nodeId()).address().equals(st.selfAddress()));
            }, "the rebuilt manager knows both stores, up, under their own ids and addresses");
            long now = manager.call(new ClusterStatusRequest()).routeVersion();
            assertTrue(now < before, "the rebuilt manager has a shorter history (" + now + " < " + before + ")");
            for (int i = 0; i < stores.size(); i++) {
                StoreServer s = stores.get(i);
                Await.until(WAIT, () -> s.managerAgent().routeCache().routeVersion() <= now
                        && s.managerAgent().routeCache().read(m -> m.stores().size()) == 2,
                        "store " + i + " took the rebuilt manager's shorter route");
                assertTrue(cluster.storeMetrics(i).counter("store.manager.heartbeat_failures").getCount() > 0,
                        "the refused heartbeat was counted");
            }
        }
    }
}
