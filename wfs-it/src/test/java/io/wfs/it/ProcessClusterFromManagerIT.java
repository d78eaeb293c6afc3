package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.testing.Await;
import io.wfs.meta.manager.MetaManagerConfigKeys;
import io.wfs.meta.server.MetaConfigKeys;
import io.wfs.raft.RaftConfigKeys;
import io.wfs.store.manager.StoreManagerConfigKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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
        List<ProcessMetaNode> metas = new ArrayList<>();
        List<ProcessStoreNode> stores = new ArrayList<>();
        try (ManagerCluster managers = ManagerCluster.builder().processes(true).set("manager.meta-replicas", "3")
                .set("manager.meta-groups-per-node", "2").set("manager.heartbeat-interval", "300ms")
                .set("manager.check-interval", "200ms").start();
             ManagerTopology view = new ManagerTopology(managers.managerClient(), java.time.Duration.ofSeconds(1))) {
            String managerList = String.join(",", managers.rpcAddresses());
            try {
                startMetaProcesses(managers, managerList, 3, metas);
                for (int i = 0; i < 3; i++) {
                    ProcessStoreNode s = ProcessStoreNode.configure(managers.dir(), "store" + i, managers.secretFile(),
                            MiniCluster.freePort(), MiniCluster.freePort(),
                            Map.of(StoreManagerConfigKeys.MANAGERS.name(), managerList));
                    stores.add(s);
                    s.start();
                }
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
                ManagerLeaderKillIT.checkStatusCommand(managers, status);
                String text = ManagerLeaderKillIT.runStatus(managers, false);
                System.out.println("wfs status of the test cluster:\n" + text);
                assertTrue(text.lines().noneMatch(l -> l.contains(" DOWN ")), text);
                assertEquals(2, text.lines().filter(l -> l.matches("\\s+\\d+\\s+\\d+\\s+\\d+\\s+.*")
                        && l.contains("@127.0.0.1")).count(), "two groups with a leader id:\n" + text);
            } finally {
                for (ProcessStoreNode s : stores) {
                    s.close();
                }
                for (ProcessMetaNode m : metas) {
                    m.close();
                }
            }
        }
    }

    /**
     * Starts {@code count} meta processes taking their topology from the manager, added to
     * {@code into} as they are configured (so the caller stops them whatever happens); in parallel,
     * because each is ready only once all have registered and the manager placed the groups.
     */
    static void startMetaProcesses(ManagerCluster managers, String managerList, int count, List<ProcessMetaNode> into)
            throws Exception {
        List<CompletableFuture<Void>> starting = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ProcessMetaNode m = metaProcess(managers, i, managerList);
            into.add(m);
            starting.add(CompletableFuture.runAsync(() -> {
                try {
                    m.start();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (CompletableFuture<Void> f : starting) {
            f.get(120, TimeUnit.SECONDS);
        }
    }

    static ProcessMetaNode metaProcess(ManagerCluster managers, int i, String managerList) throws Exception {
        int http = MiniCluster.freePort();
        StringBuilder p = new StringBuilder();
        p.append(CommonConfigKeys.SECRET_FILE.name()).append(" = ").append(managers.secretFile()).append('\n');
        p.append(MetaManagerConfigKeys.MANAGERS.name()).append(" = ").append(managerList).append('\n');
        p.append(MetaConfigKeys.RAFT_ADDRESS.name()).append(" = 127.0.0.1:").append(MiniCluster.freePort()).append('\n');
        p.append(MetaConfigKeys.RPC_ADDRESS.name()).append(" = 127.0.0.1:").append(MiniCluster.freePort()).append('\n');
        p.append(MetaConfigKeys.DATA_DIR.name()).append(" = ").append(managers.dir().resolve("meta" + i)).append('\n');
        p.append(CommonConfigKeys.HTTP_PORT.name()).append(" = ").append(http).append('\n');
        p.append(CommonConfigKeys.HTTP_BIND.name()).append(" = 127.0.0.1\n");
        p.append(RaftConfigKeys.ELECTION_TIMEOUT.name()).append(" = 2000ms\n");
        p.append(RaftConfigKeys.MAX_ELECTION_DELAY.name()).append(" = 500ms\n");
        p.append(CommonConfigKeys.IO_THREADS.name()).append(" = 2\n");
        p.append(CommonConfigKeys.WORKER_THREADS.name()).append(" = 8\n");
        Path config = managers.dir().resolve("meta" + i + ".properties");
        Files.writeString(config, p);
        return new ProcessMetaNode(config, managers.dir().resolve("meta" + i + ".log"), http);
    }
}
