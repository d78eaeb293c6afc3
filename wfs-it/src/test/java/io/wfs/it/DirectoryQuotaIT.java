package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.client.Caller;
import io.wfs.client.WfsClient;
import io.wfs.common.msg.meta.QuotaUsage;
import io.wfs.common.route.SlotMap;
import io.wfs.common.testing.Await;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Directory quotas through real FUSE mounts of a cluster of real processes: two mounts write into
 * one quota until EDQUOT and cannot pass it; the usage the meta servers keep is exactly what a walk
 * finds; it survives a {@code kill -9} of the group's leader and its restart, and is enforced after
 * them; a rename of a tree that cannot fit into the quota answers EDQUOT (so {@code mv} stops before
 * copying and leaves the source intact), one that fits answers EXDEV (so {@code mv} copies it); {@code df} of a mount rooted at the quota shows the quota.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class DirectoryQuotaIT {
    private static final int KIB = 1 << 10;
    private static final int MIB = 1 << 20;
    private static final int FILE = 256 * KIB;
    private static final long LIMIT = 8L * MIB;

    @Test
    void twoMountsStopAtTheQuotaWhichSurvivesALeaderKillAndHoldsAtItsEdge() throws Exception {
        try (MiniCluster cluster = ManagerTopology.processClusterWithFastFailover().mounts(2).start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), Duration.ofSeconds(1))) {
            SlotMap slots = view.awaitLedAndWritable();
            WfsClient admin = cluster.mountClient(0);
            Path a = cluster.mountPoint(0);
            Path b = cluster.mountPoint(1);
            Files.createDirectories(a.resolve("vol"));
            admin.quotas().set(Caller.ROOT, "/vol", LIMIT, 0);

            // Two writers on two mounts, each in its own subdirectory of the quota, until EDQUOT.
            List<Path> acknowledged = writeUntilFull(List.of(a.resolve("vol/w0"), b.resolve("vol/w1")));
            assertTrue(acknowledged.size() >= 20, "most of 8 MiB written in 256 KiB files: " + acknowledged.size());
            for (int m = 0; m < 2; m++) {
                // A quota counts each create as it happens: the leader refuses a create delegation under it
                // (EOPNOTSUPP), and the mount creates there the usual way (docs/metadata.md, "Asynchronous creates").
                com.codahale.metrics.MetricRegistry rpc = cluster.mountClientMetrics(m);
                assertTrue(rpc.counter("rpc.client.delegate_creates.errors").getCount() >= 1,
                        "mount " + m + " asked for a delegation under the quota and was refused");
                assertEquals(0, rpc.timer("rpc.client.create_batch.latency").getCount(),
                        "mount " + m + " created nothing under the quota without the servers");
            }
            // The kernel releases a file after close(2) returned (EDQUOT): until then the mount still
            // shows the refused file's buffered size.
            Await.until(Duration.ofSeconds(30), () -> walkMatches(admin.quotas().get(Caller.ROOT, "/vol"), a.resolve("vol")),
                    "the refused files are released");
            QuotaUsage full = admin.quotas().get(Caller.ROOT, "/vol");
            assertTrue(full.usedBytes() <= LIMIT, "never past the limit: " + full.usedBytes());
            assertTrue(full.usedBytes() > LIMIT - 2 * FILE, "stopped near the limit: " + full.usedBytes());
            assertUsageIsWhatAWalkFinds(full, a.resolve("vol"));
            for (Path p : acknowledged) {
                assertArrayEquals(content(p.getFileName().toString()), Files.readAllBytes(p), "acknowledged " + p);
            }

            // kill -9 of the quota's group leader, then its restart: the usage is the same, and enforced.
            long volIno = admin.getattr(Caller.ROOT, "/vol").ino();
            MetaNode leader = java.util.Objects.requireNonNull(
                    ManagedMetaNodes.leaderOf(cluster.metaNodes(), slots.groupOfIno(volIno).id()), "the group has a leader");
            leader.kill();
            Await.until(Duration.ofMinutes(1), () -> sameUsage(admin, full), "the new leader answers the same usage");
            leader.start();
            Await.until(Duration.ofMinutes(1), () -> ManagedMetaNodes.leaderOf(cluster.metaNodes(), slots.groupOfIno(volIno).id()) != null,
                    "the group has a leader after the restart");
            admin.quotas().set(Caller.ROOT, "/vol", full.usedBytes() + 100 * KIB, 0);
            IOException refused = assertThrows(IOException.class, () -> Files.write(b.resolve("vol/after-kill"),
                    content("after-kill")));
            assertTrue(String.valueOf(refused.getMessage()).contains("quota"), "EDQUOT: " + refused);
            Files.write(a.resolve("vol/small"), new byte[50 * KIB]);
            Await.until(Duration.ofSeconds(30), () -> walkMatches(admin.quotas().get(Caller.ROOT, "/vol"), a.resolve("vol")),
                    "the quota's usage is what a walk finds");

            // The quota's edge. A tree that cannot fit: rename(2) answers EDQUOT, so mv stops before copying.
            Files.createDirectories(a.resolve("big"));
            Files.write(a.resolve("big/one"), content("one"));
            Files.write(a.resolve("big/two"), content("two"));
            FileSystemException tooBig = assertThrows(FileSystemException.class,
                    () -> Files.move(a.resolve("big"), a.resolve("vol/big"), StandardCopyOption.ATOMIC_MOVE));
            assertFalse(tooBig instanceof AtomicMoveNotSupportedException, "EDQUOT, not EXDEV: " + tooBig);
            assertTrue(String.valueOf(tooBig.getMessage()).contains("Disk quota exceeded"), tooBig.toString());
            Process mv = new ProcessBuilder("mv", a.resolve("big").toString(), a.resolve("vol/").toString())
                    .redirectErrorStream(true).start();
            String said = new String(mv.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(mv.waitFor(60, TimeUnit.SECONDS));
            assertNotEquals(0, mv.exitValue(), "mv past the quota fails: " + said);
            assertTrue(said.contains("Disk quota exceeded"), said);
            assertFalse(Files.exists(a.resolve("vol/big")), "nothing was copied");
            assertArrayEquals(content("one"), Files.readAllBytes(a.resolve("big/one")), "the source stays whole");
            assertArrayEquals(content("two"), Files.readAllBytes(a.resolve("big/two")), "the source stays whole");

            // A tree that fits: rename(2) answers EXDEV, and mv copies it into the quota, which charges it.
            Files.createDirectories(a.resolve("fits"));
            Files.write(a.resolve("fits/one"), new byte[10 * KIB]);
            assertThrows(AtomicMoveNotSupportedException.class,
                    () -> Files.move(a.resolve("fits"), a.resolve("vol/fits"), StandardCopyOption.ATOMIC_MOVE));
            Process mvFits = new ProcessBuilder("mv", a.resolve("fits").toString(), a.resolve("vol/").toString())
                    .redirectErrorStream(true).start();
            String saidFits = new String(mvFits.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(mvFits.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, mvFits.exitValue(), saidFits);
            assertEquals(10 * KIB, Files.size(a.resolve("vol/fits/one")));
            assertFalse(Files.exists(a.resolve("fits")), "mv removed the source after the copy");
            Await.until(Duration.ofSeconds(30), () -> walkMatches(admin.quotas().get(Caller.ROOT, "/vol"), a.resolve("vol")),
                    "the copy is charged to the quota");

            // df of a mount rooted at the quota shows the quota.
            admin.quotas().set(Caller.ROOT, "/vol", 64L * MIB, 0);
            int rooted = cluster.mountSubdir("/vol");
            FileStore store = Files.getFileStore(cluster.mountPoint(rooted));
            assertEquals(64L * MIB, store.getTotalSpace());
            QuotaUsage now = admin.quotas().get(Caller.ROOT, "/vol");
            long usedRoundedUp = (now.usedBytes() + 4095) / 4096 * 4096;
            assertEquals(64L * MIB - usedRoundedUp, store.getUnallocatedSpace(), 4096, "free = limit - used (4 KiB units)");
        }
    }

    /** Writes 256 KiB files from one thread per directory until a write fails; returns those acknowledged. */
    private static List<Path> writeUntilFull(List<Path> dirs) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(dirs.size());
        try {
            List<Future<List<Path>>> writers = new ArrayList<>();
            for (Path dir : dirs) {
                writers.add(pool.submit(() -> {
                    Files.createDirectories(dir);
                    List<Path> done = new ArrayList<>();
                    for (int i = 0; i < 1000; i++) {
                        Path p = dir.resolve(dir.getFileName() + "-" + i);
                        try {
                            Files.write(p, content(p.getFileName().toString()));
                        } catch (IOException e) {
                            assertTrue(String.valueOf(e.getMessage()).contains("quota"), "refused with EDQUOT: " + e);
                            return done;
                        }
                        done.add(p);
                    }
                    throw new AssertionError("1000 files of 256 KiB fit an 8 MiB quota");
                }));
            }
            List<Path> all = new ArrayList<>();
            for (Future<List<Path>> w : writers) {
                all.addAll(w.get(5, TimeUnit.MINUTES));
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }

    private static byte[] content(String name) {
        byte[] data = new byte[FILE];
        new Random(name.hashCode()).nextBytes(data);
        return data;
    }

    private static void assertUsageIsWhatAWalkFinds(QuotaUsage q, Path dir) throws IOException {
        long[] bytesAndInodes = new long[2];
        try (Stream<Path> all = Files.walk(dir)) {
            all.forEach(p -> {
                try {
                    bytesAndInodes[0] += Files.isRegularFile(p) ? Files.size(p) : 0;
                    bytesAndInodes[1]++;
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        assertEquals(bytesAndInodes[0], q.usedBytes(), "bytes: the quota's count is what a walk finds");
        assertEquals(bytesAndInodes[1], q.usedInodes(), "inodes: the quota's count is what a walk finds");
    }

    private static boolean walkMatches(QuotaUsage q, Path dir) {
        try {
            assertUsageIsWhatAWalkFinds(q, dir);
            return true;
        } catch (AssertionError | IOException notYet) {
            return false;
        }
    }

    private static boolean sameUsage(WfsClient admin, QuotaUsage expected) {
        try {
            QuotaUsage q = admin.quotas().get(Caller.ROOT, "/vol");
            return q.usedBytes() == expected.usedBytes() && q.usedInodes() == expected.usedInodes()
                    && q.limitBytes() == expected.limitBytes();
        } catch (RuntimeException notYet) {
            return false;
        }
    }

}
