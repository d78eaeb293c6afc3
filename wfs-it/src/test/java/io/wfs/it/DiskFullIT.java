package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.store.CreateVolumeRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.Await;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.server.StoreServer;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A store whose disk fills: store 0 of four keeps its data on a 32 MiB tmpfs (mounted by the
 * test, unmounted whatever happens) with a 4 MiB reserve, under a mount that keeps writing 1 MiB
 * files. Store 0 starts refusing new blocks with ENOSPC, the volumes it cannot extend are retired,
 * the manager opens no more volumes on it but on the others, every write the mount acknowledged —
 * before, during and after — reads back equal, and the full store's own blocks all pass their CRC
 * check.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class DiskFullIT {
    private static final int MIB = 1 << 20;
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** Files written after the first refusal: the cluster must go on taking them elsewhere. */
    private static final int AFTER_FULL = 40;
    private static final int MAX_FILES = 400;

    @Test
    void aStoreWhoseDiskFillsRefusesNewBlocksAndTheClusterWritesElsewhere() throws Exception {
        Path small = Files.createTempDirectory("wfs-small-disk-");
        mount(small);
        try {
            run(small);
        } finally {
            unmount(small);
        }
    }

    private void run(Path small) throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().managers(1)
                .managerSetting("manager.meta-replicas", "3").managerSetting("manager.heartbeat-interval", "200ms")
                .managerSetting("manager.check-interval", "100ms").managerSetting("manager.volume-size", "16MiB")
                .metaNodes(3).processes(true).metaFromManager()
                .stores(4).storeSetting(0, StoreConfigKeys.DATA_DIRS.name(), small.resolve("store0").toString())
                .storeSetting(0, StoreConfigKeys.MIN_FREE_SPACE.name(), "4MiB")
                .mounts(1).start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), Duration.ofSeconds(1))) {
            view.awaitLedAndWritable(4);
            StoreServer full = cluster.storeServer(0);
            int fullId = full.managerAgent().nodeId();
            Path dir = cluster.mountPoint(0).resolve("data");
            Files.createDirectories(dir);

            List<Path> written = new ArrayList<>();
            while (refusals(cluster) == 0) {
                assertTrue(written.size() < MAX_FILES, "store 0 never refused a block after " + written.size() + " MiB of files");
                writeFile(dir, written);
            }
            // The manager learns that store 0 has no room for a volume; from then on it opens none there.
            ClusterStatusReply known = view.awaitStatus(s -> s.nodes().stream()
                    .anyMatch(n -> n.nodeId() == fullId && n.freeBytes() < s.volumeSizeBytes()),
                    "the manager sees store 0 without room for a volume");
            int lastOnFull = ManagerTopology.model(known).volumes().stream().filter(v -> v.hasReplicaOn(fullId))
                    .mapToInt(RouteChange.Volume::id).max().orElse(0);
            for (int i = 0; i < AFTER_FULL; i++) {
                writeFile(dir, written);
            }
            RouteModel after = ManagerTopology.model(view.status());
            assertEquals(List.of(), after.volumes().stream().filter(v -> v.hasReplicaOn(fullId) && v.id() > lastOnFull)
                    .map(RouteChange.Volume::id).toList(), "volumes opened on the full store");
            assertTrue(after.volumes().stream().anyMatch(v -> v.id() > lastOnFull),
                    "the cluster opened volumes on the other stores meanwhile");

            // A new block straight to the full store (larger than the refused ones, so it cannot fit): ENOSPC, saying why.
            RpcClient rpc = cluster.managers().rpcClient();
            int probe = 1_000_000;
            call(rpc, full, new CreateVolumeRequest(probe, new String[] {full.selfAddress()}, true));
            WfsException refused = assertThrows(WfsException.class, () -> call(rpc, full, new WriteBlockRequest(probe, 1, new byte[2 * MIB])));
            assertEquals(WfsErrorCode.ENOSPC, refused.code());
            assertTrue(refused.getMessage().contains("is full"), refused.getMessage());

            // Nothing acknowledged was lost, and the full store's blocks are intact.
            for (int i = 0; i < written.size(); i++) {
                assertArrayEquals(content(i), Files.readAllBytes(written.get(i)), "file " + i);
            }
            long checked = checkEveryBlock(full);
            assertTrue(checked > 0, "store 0 holds blocks");
            full.scrubber().runOnce();
            assertEquals(0, cluster.storeMetrics(0).counter("store.scrub.bad_blocks").getCount());
        }
    }

    /** Reads every live block of every replica on {@code store}, each checked against its CRC; returns how many. */
    private static long checkEveryBlock(StoreServer store) throws Exception {
        long checked = 0;
        for (VolumeReplica v : store.volumes().all()) {
            long cursor = 0;
            for (long[] ids = v.liveBlocksAfter(cursor, 1024); ids.length > 0; ids = v.liveBlocksAfter(cursor, 1024)) {
                for (long id : ids) {
                    v.read(id); // throws CorruptBlockException on a bad CRC
                    checked++;
                }
                cursor = ids[ids.length - 1];
            }
        }
        return checked;
    }

    private static void writeFile(Path dir, List<Path> written) throws IOException {
        Path f = dir.resolve("f" + written.size());
        writeDurably(f, content(written.size()));
        written.add(f);
    }

    private static long refusals(MiniCluster cluster) {
        return cluster.storeMetrics(0).counter("store.write.no_space").getCount();
    }

    private static <R extends io.wfs.common.rpc.Response> R call(RpcClient rpc, StoreServer s, io.wfs.common.rpc.Request<R> r)
            throws Exception {
        try {
            return rpc.call(s.rpcAddress(), r).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw WfsException.unwrap(e);
        }
    }

    private static byte[] content(int i) {
        byte[] b = new byte[MIB];
        new Random(i).nextBytes(b);
        return b;
    }

    /** Written and fsynced: acknowledged by the file system once this returns. */
    private static void writeDurably(Path f, byte[] data) throws IOException {
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(data);
            while (b.hasRemaining()) {
                ch.write(b);
            }
            ch.force(true);
        }
    }

    private static void mount(Path at) throws Exception {
        run("mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", at.toString());
    }

    private static void unmount(Path at) throws Exception {
        try {
            run("umount", at.toString());
        } catch (IllegalStateException busy) {
            run("umount", "-l", at.toString());
        }
        Files.deleteIfExists(at);
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
        }
    }
}
