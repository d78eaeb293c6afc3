package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A whole cluster of real processes that takes its topology from the manager: one
 * {@code bin/wfs manager}, three {@code bin/wfs meta} with {@code meta.managers} and no slot-map
 * file, three {@code bin/wfs store} with {@code store.managers}. The manager places the groups
 * and volumes, every group gets a leader in the route, every store a writable volume, and
 * {@code bin/wfs status} prints every node, group and volume.
 */
class ProcessClusterFromManagerIT {
    @Test
    void daemonsTakeTheirTopologyFromTheManagerAndStatusShowsIt() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().managers(1).managerProcesses(true)
                .managerSetting("manager.meta-replicas", "3").managerSetting("manager.meta-groups-per-node", "2")
                .managerSetting("manager.heartbeat-interval", "300ms").managerSetting("manager.check-interval", "200ms")
                .metaNodes(3).processes(true).metaFromManager().stores(3).storeProcesses(true).start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), java.time.Duration.ofSeconds(1))) {
            List<ProcessStoreNode> stores = cluster.storeProcesses();
            ClusterStatusReply status = view.awaitStatus(s -> {
                RouteModel m = ManagerTopology.model(s);
                return m.metaNodes().size() == 3 && m.stores().size() == 3 && m.groups().size() == 2
                        && m.groups().stream().allMatch(g -> g.leader() != 0)
                        && ManagerTopology.everyUpStoreWrites(m);
            }, "3 meta nodes, 3 stores each with a writable volume, 2 groups each with a leader");
            RouteModel model = ManagerTopology.model(status);
            for (ProcessStoreNode s : stores) {
                assertTrue(model.stores().stream().anyMatch(n -> n.address().equals(s.address())),
                        "store " + s.address() + " registered under its own address");
            }
            // Each store created its routed replicas on disk.
            for (ProcessStoreNode s : stores) {
                int id = model.stores().stream().filter(n -> n.address().equals(s.address())).findFirst().orElseThrow().id();
                for (RouteChange.Volume v : model.volumes()) {
                    if (v.hasReplicaOn(id)) {
                        Path volume = s.dataDir().resolve("volume-" + v.id());
                        Await.until(Duration.ofSeconds(60), () -> Files.isDirectory(volume), volume + " created");
                    }
                }
            }
            ManagerTopology.assertStatusCommandShows(cluster, status);
            String text = cluster.statusCommand(false);
            System.out.println("wfs status of the test cluster:\n" + text);
            assertTrue(text.lines().noneMatch(l -> l.contains(" DOWN ")), text);
            assertEquals(2, text.lines().filter(l -> l.matches("\\s+\\d+\\s+\\d+\\s+\\d+\\s+.*")
                    && l.contains("@127.0.0.1")).count(), "two groups with a leader id:\n" + text);
        }
    }
}
