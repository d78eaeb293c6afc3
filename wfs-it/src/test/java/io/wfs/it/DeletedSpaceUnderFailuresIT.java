package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.meta.AllocateBlockIdsRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.PendingDeletionsRequest;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.Await;
import io.wfs.common.testing.DiskUsage;
import io.wfs.fuse.WfsFuse;
import io.wfs.fuse.WfsMount;
import io.wfs.store.StoreConfigKeys;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 14 under failures, on a cluster of real processes run by the manager: files deleted
 * through a FUSE mount while a store is killed with {@code kill -9} and a meta leader is killed
 * (a leader change) in the middle of the drain. The live stores free the space, the queues
 * empty; once the killed store is back, its copies of the deleted blocks go too; the kept files
 * read back equal (nothing deleted wrongly). An orphan (a block uploaded by a client that never
 * committed it) is reclaimed on every replica after the grace period (shortened to its minimum).
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class DeletedSpaceUnderFailuresIT {
    private static final int MIB = 1 << 20;
    private static final int FILES = 40;
    private static final int KEPT = 8;

    @Test
    void spaceComesBackWhenAStoreAndAMetaLeaderDieDuringTheDrainAndOrphansGoAfterTheGrace() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().managers(1).managerProcesses(true)
                .managerSetting("manager.meta-replicas", "3").managerSetting("manager.heartbeat-interval", "300ms")
                .managerSetting("manager.check-interval", "200ms").managerSetting("manager.node-timeout", "3s")
                .metaNodes(3).processes(true).metaFromManager().stores(3).storeProcesses(true)
                .storeSetting(StoreConfigKeys.DRAIN_INTERVAL.name(), "500ms")
                .storeSetting(StoreConfigKeys.ORPHAN_GRACE.name(), "1m")
                .storeSetting(StoreConfigKeys.ORPHAN_SCAN_INTERVAL.name(), "2s").start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), Duration.ofSeconds(1))) {
            Path dir = cluster.dir();
            List<ProcessStoreNode> stores = cluster.storeProcesses();
            WfsClient client = null;
            WfsMount mount = null;
            RpcClient rpc = cluster.rpcClient();
            try {
                ClusterStatusReply ready = view.awaitStatus(s -> {
                    RouteModel m = ManagerTopology.model(s);
                    return m.groups().size() > 0 && m.groups().stream().allMatch(g -> g.leader() != 0)
                            && m.stores().size() == 3 && ManagerTopology.everyUpStoreWrites(m);
                }, "every group with a leader and 3 stores with a writable volume");
                RouteModel route = ManagerTopology.model(ready);
                SlotMap slots = route.toSlotMap(ready.routeVersion());
                client = new WfsClient(WfsConfig.defaults().with(ClientConfigKeys.MANAGERS, cluster.managerList()),
                        cluster.secret(), new MetricRegistry());
                mount = WfsMount.mount(new WfsFuse(client, new MetricRegistry()), dir.resolve("mnt"), List.of());
                Path root = mount.mountPoint();

                Random r = new Random(14);
                byte[][] contents = new byte[FILES][];
                for (int i = 0; i < FILES; i++) {
                    contents[i] = new byte[MIB];
                    r.nextBytes(contents[i]);
                    Files.write(root.resolve("f" + i), contents[i]);
                }
                long[] orphan;
                try (MetaClient meta = new MetaClient(rpc, slots, Duration.ofSeconds(30))) {
                    orphan = uploadWithoutCommit(meta, rpc, route);
                }
                long[] full = new long[3];
                for (int i = 0; i < 3; i++) {
                    full[i] = DiskUsage.allocatedBytes(stores.get(i).dataDir());
                }

                for (int i = KEPT; i < FILES; i++) {
                    Files.delete(root.resolve("f" + i));
                }
                ProcessStoreNode victim = stores.get(2);
                victim.kill();
                MountUnderFailuresIT.leaderOfAnyGroup(cluster.metaNodes()).kill();
                long freedPerReplica = (long) (FILES - KEPT) * MIB;
                for (int i = 0; i < 2; i++) {
                    Path store = stores.get(i).dataDir();
                    long before = full[i];
                    Await.until(Duration.ofMinutes(2), () -> before - DiskUsage.allocatedBytes(store) >= freedPerReplica / 2,
                            "live store " + i + " gave back at least half the deleted bytes");
                }
                try (MetaClient meta = new MetaClient(rpc, slots, Duration.ofSeconds(30))) {
                    Await.until(Duration.ofMinutes(2), () -> queued(meta, slots) == 0,
                            "every group's deletion queue empty with a store dead and a meta leader moved");
                }
                victim.start();
                Await.until(Duration.ofMinutes(3), () -> full[2] - DiskUsage.allocatedBytes(victim.dataDir()) >= freedPerReplica / 2,
                        "the killed store, back, lost its copies of the deleted blocks too");
                for (ProcessStoreNode s : stores) {
                    Await.until(Duration.ofMinutes(3), () -> gone(rpc, s, orphan),
                            "the orphan block is reclaimed on " + s.address() + " after the grace");
                }
                for (int i = 0; i < KEPT; i++) {
                    assertArrayEquals(contents[i], Files.readAllBytes(root.resolve("f" + i)), "kept file f" + i);
                }
                try (var listing = Files.list(root)) {
                    assertEquals(KEPT + 1, listing.count(), "only the kept files (and the orphan's file) remain");
                }
            } finally {
                if (mount != null) {
                    mount.close();
                }
                if (client != null) {
                    client.close();
                }
                assertFalse(WfsMount.isMounted(dir.resolve("mnt")), "the test left its mount behind");
            }
        }
    }

    /**
     * What a client killed between its upload and its commit leaves: a file, a block id allocated
     * for it, and the block's bytes on the replicas of a writable volume. Returns {volume, block id}.
     */
    private static long[] uploadWithoutCommit(MetaClient meta, RpcClient rpc, RouteModel route) throws Exception {
        long ino = meta.call(new MknodRequest(meta.mutation(0, 0), 1, "orphan-owner".getBytes(StandardCharsets.UTF_8),
                Posix.S_IFREG | 0644, 0)).get(30, TimeUnit.SECONDS).attr().ino();
        long block = meta.call(new AllocateBlockIdsRequest(meta.mutation(0, 0), ino, 1)).get(30, TimeUnit.SECONDS).firstId();
        RouteChange.Volume volume = route.volumes().stream().filter(v -> v.replicas().length == 3)
                .filter(v -> route.writableVolumeOf(v.replicas()[0]) == v).findFirst().orElseThrow();
        String primary = route.store(volume.replicas()[0]).address();
        rpc.call(io.wfs.common.rpc.HostPort.parse(primary), new WriteBlockRequest(volume.id(), block,
                "never committed".getBytes(StandardCharsets.UTF_8))).get(30, TimeUnit.SECONDS);
        return new long[] {volume.id(), block};
    }

    private static boolean gone(RpcClient rpc, ProcessStoreNode store, long[] orphan) throws Exception {
        try {
            rpc.call(store.rpcAddress(), new ReadBlockRequest((int) orphan[0], orphan[1], 0, 4096, false)).get(10, TimeUnit.SECONDS);
            return false;
        } catch (ExecutionException e) {
            return WfsException.unwrap(e).code() == WfsErrorCode.ENOENT;
        }
    }

    /** Blocks waiting in every group's deletion queue (up to 1,024 a group). */
    static long queued(MetaClient meta, SlotMap slots) throws Exception {
        long n = 0;
        for (SlotMap.Group g : slots.groups()) {
            n += meta.call(new PendingDeletionsRequest(meta.query(0, 0), g.slots()[0], 1024)).get(30, TimeUnit.SECONDS)
                    .blockIds().length;
        }
        return n;
    }
}
