package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.store.ListBlocksRequest;
import io.wfs.common.msg.store.StoreLimits;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.rpc.HostPort;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Re-replication after a store dies, on real processes: five store processes, files written
 * through a FUSE mount over several volumes, one store killed with {@code kill -9}. Once it has been
 * silent for {@code manager.replication-delay}, the manager copies each of its volumes to another
 * store and names that store in its place: no volume lists the dead store, every volume is back to
 * three replicas on live stores, and each new replica holds the same blocks as the others. Then
 * the dead store returns and drops those replicas from its disk; then the two other original
 * replicas of one of those volumes are killed too, and every file still
 * reads back equal through a second mount that never cached it, the copied volume's files served
 * by the new replica alone.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class VolumeReReplicationIT {
    private static final int MIB = 1 << 20;
    private static final int FILES = 24;

    @Test
    void theVolumesOfADeadStoreAreCopiedToLiveStoresAndServeEveryFile() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().managers(1)
                .managerSetting("manager.meta-replicas", "3").managerSetting("manager.heartbeat-interval", "200ms")
                .managerSetting("manager.check-interval", "100ms").managerSetting("manager.node-timeout", "2s")
                .managerSetting("manager.replication-delay", "3s").managerSetting("manager.volume-size", "8MiB")
                .metaNodes(3).processes(true).metaFromManager().stores(5).storeProcesses(true).mounts(2).start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), Duration.ofSeconds(1))) {
            view.awaitLedAndWritable(5);
            Path dir = Files.createDirectories(cluster.mountPoint(0).resolve("data"));
            for (int i = 0; i < FILES; i++) {
                Files.write(dir.resolve("f" + i), content(i));
            }

            // kill -9 the store with the most replicas of volumes that hold data.
            RouteModel before = ManagerTopology.model(view.status());
            RpcClient rpc = cluster.managers().rpcClient();
            List<RouteChange.Volume> withData = new ArrayList<>();
            for (RouteChange.Volume v : before.volumes()) {
                if (blocksOn(rpc, before, v.replicas()[0], v.id()).length > 0) {
                    withData.add(v);
                }
            }
            int dead = mostReplicated(before, withData);
            List<Integer> itsVolumes = withData.stream().filter(v -> v.hasReplicaOn(dead)).map(RouteChange.Volume::id).toList();
            assertFalse(itsVolumes.isEmpty());
            processOf(cluster, before, dead).kill();

            RouteModel after = ManagerTopology.model(view.awaitStatus(s -> {
                RouteModel m = ManagerTopology.model(s);
                return s.replicationQueue().length == 0 && m.volumes().stream().noneMatch(v -> v.hasReplicaOn(dead))
                        && itsVolumes.stream().allMatch(id -> allUpAndDistinct(m, m.volume(id)));
            }, "the dead store's volumes re-replicated on live stores"));
            // The new replica is a copy of one of the original ones. Originals may differ by orphans: a
            // block a full volume's backup refused stays on the primary only until the orphan scan.
            for (int id : itsVolumes) {
                RouteChange.Volume v = after.volume(id);
                List<String> originals = new ArrayList<>();
                for (int node : v.replicas()) {
                    if (before.volume(id).hasReplicaOn(node)) {
                        originals.add(Arrays.toString(blocksOn(rpc, after, node, id)));
                    }
                }
                for (int node : v.replicas()) {
                    if (!before.volume(id).hasReplicaOn(node)) {
                        String copy = Arrays.toString(blocksOn(rpc, after, node, id));
                        assertTrue(originals.contains(copy), "volume " + id + " on new store " + node + ": " + copy
                                + " is a copy of an original replica " + originals);
                    }
                }
            }

            // The dead store returns: the replicas the route replaced go from its disk (nothing else does).
            ProcessStoreNode returning = processOf(cluster, before, dead);
            for (int id : itsVolumes) {
                assertTrue(Files.isDirectory(returning.dataDir().resolve("volume-" + id)), "volume " + id + " before");
            }
            returning.start();
            Await.until(Duration.ofSeconds(60), () -> itsVolumes.stream()
                    .noneMatch(id -> Files.exists(returning.dataDir().resolve("volume-" + id))),
                    "the returning store drops the replicas the route replaced");

            // Only the new replica is left of one copied volume: every file still reads back equal.
            RouteChange.Volume copied = after.volume(itsVolumes.get(0));
            int[] originals = Arrays.stream(copied.replicas()).filter(n -> before.volume(copied.id()).hasReplicaOn(n)).toArray();
            assertEquals(2, originals.length, "two original replicas and the new one: " + Arrays.toString(copied.replicas()));
            for (int node : originals) {
                processOf(cluster, after, node).kill();
            }
            Path other = cluster.mountPoint(1).resolve("data");
            for (int i = 0; i < FILES; i++) {
                assertArrayEquals(content(i), Files.readAllBytes(other.resolve("f" + i)), "f" + i);
            }
        }
    }

    private static byte[] content(int i) {
        byte[] b = new byte[MIB + i * 4096];
        new Random(i).nextBytes(b);
        return b;
    }

    private static long[] blocksOn(RpcClient rpc, RouteModel m, int node, int volume) throws Exception {
        return rpc.call(HostPort.parse(m.store(node).address()), new ListBlocksRequest(volume, 0, StoreLimits.MAX_BLOCK_IDS))
                .get(30, TimeUnit.SECONDS).blockIds();
    }

    private static int mostReplicated(RouteModel m, List<RouteChange.Volume> volumes) {
        int best = 0;
        long bestCount = -1;
        for (RouteChange.StoreNode s : m.stores()) {
            long count = volumes.stream().filter(v -> v.hasReplicaOn(s.id())).count();
            if (count > bestCount) {
                best = s.id();
                bestCount = count;
            }
        }
        return best;
    }

    private static boolean allUpAndDistinct(RouteModel m, RouteChange.Volume v) {
        return v != null && v.replicas().length == 3 && Arrays.stream(v.replicas()).distinct().count() == 3
                && Arrays.stream(v.replicas()).allMatch(n -> m.store(n) != null && m.store(n).up());
    }

    private static ProcessStoreNode processOf(MiniCluster cluster, RouteModel m, int node) {
        String address = m.store(node).address();
        return cluster.storeProcesses().stream().filter(p -> p.address().equals(address)).findFirst()
                .orElseThrow(() -> new AssertionError("no store process at " + address));
    }
}
