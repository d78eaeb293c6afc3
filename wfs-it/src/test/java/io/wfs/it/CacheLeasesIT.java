package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.msg.meta.CacheLeasePollReply;
import io.wfs.common.msg.meta.CacheLeasePollRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.testing.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Client caches with leases (issue 16, item 4) through two real FUSE mounts whose kernel caches
 * are off (entry_timeout=0, attr_timeout=0) and whose clients keep nothing without a lease
 * (client.attr-ttl=0): a mount serves repeated stats of what it leased without asking a server,
 * and still never shows an answer older than a change the other mount was told is done —
 * chmod, rename, unlink, create, a write — also across a leader kill; a lease holder that stops
 * answering holds a change back for about one lease term only.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class CacheLeasesIT {

    @Test
    void aSecondMountSeesEveryAcknowledgedChangeAndServesRepeatsFromItsCache() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(2).uncachedMounts().start()) {
            Path one = cluster.mountPoint(0);
            Path two = cluster.mountPoint(1);
            Files.createDirectories(one.resolve("d"));
            Files.writeString(one.resolve("d/f"), "first");

            assertEquals("rw-r--r--", mode(two.resolve("d/f")));
            MetricRegistry twoRpc = cluster.mountClientMetrics(1);
            // The first answers start the lease polls; once leased, stats of the same path ask nobody.
            Await.until(Duration.ofSeconds(30), () -> {
                long before = metaQueries(twoRpc);
                for (int i = 0; i < 20; i++) {
                    Files.getAttribute(two.resolve("d/f"), "unix:mode");
                }
                return metaQueries(twoRpc) == before;
            }, "20 stats of a leased path served by mount 2's cache without a lookup or getattr");
            // A file written here: its commit answered its new attributes, and the mount keeps them.
            Files.writeString(two.resolve("d/w"), "written here");
            // The create moved d's times, which the kernel's lookup of "d" needs: one getattr of d first.
            Files.getAttribute(two.resolve("d"), "unix:mode");
            long beforeStat = metaQueries(twoRpc);
            assertEquals("written here".length(), Files.size(two.resolve("d/w")));
            assertEquals(beforeStat, metaQueries(twoRpc), "a file just written is stat'ed from its commit's answer");
            Files.delete(two.resolve("d/w"));

            coherent(one, two);
        }
    }

    /**
     * A leader bounds the keys one session holds (meta.cache-lease-keys, here the least, 8): a mount
     * that walks more directories gets the least recently granted taken back, so a repeat of its
     * first stats asks the servers again; and what it still serves stays coherent with the other
     * mount's changes.
     */
    @Test
    void aSessionPastItsKeyBoundIsTakenBackTheOldestAndStaysCoherent() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster()
                .localSettings(c -> c.with(io.wfs.meta.server.MetaConfigKeys.CACHE_LEASE_KEYS, 8))
                .mounts(2).uncachedMounts().start()) {
            Path one = cluster.mountPoint(0);
            Path two = cluster.mountPoint(1);
            int dirs = 40;
            for (int i = 0; i < dirs; i++) {
                Files.writeString(Files.createDirectories(one.resolve("d" + i)).resolve("f"), "f");
            }
            MetricRegistry twoRpc = cluster.mountClientMetrics(1);
            // Leased once the lease polls run: a repeat of the last few stats asks nobody.
            Await.until(Duration.ofSeconds(30), () -> {
                for (int i = 0; i < dirs; i++) {
                    Files.getAttribute(two.resolve("d" + i + "/f"), "unix:mode");
                }
                long before = metaQueries(twoRpc);
                Files.getAttribute(two.resolve("d" + (dirs - 1) + "/f"), "unix:mode");
                return metaQueries(twoRpc) == before;
            }, "the last directory walked is leased on mount 2");
            long before = metaQueries(twoRpc);
            Files.getAttribute(two.resolve("d0/f"), "unix:mode");
            assertTrue(metaQueries(twoRpc) > before, "the first directory walked was taken back: mount 2 asks again");

            for (int i = 0; i < dirs; i++) {
                Files.setPosixFilePermissions(one.resolve("d" + i + "/f"), PosixFilePermissions.fromString("rw-------"));
            }
            for (int i = 0; i < dirs; i++) {
                assertEquals("rw-------", mode(two.resolve("d" + i + "/f")), "d" + i + "/f after the chmod on mount 1");
            }
        }
    }

    /**
     * Two mounts creating in one directory in turn (docs/metadata.md, "A directory many mounts
     * write"): the leader leases the directory to neither, so no create waits for the other mount to
     * acknowledge an invalidation and no lease poll is answered per create; each mount still sees the
     * other's files at once, and a chmod of the directory on one mount is enforced at once on the other.
     */
    @Test
    void twoMountsCreatingInOneDirectoryLeaseItToNeitherAndStayCoherent() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(2).uncachedMounts().start()) {
            Path one = cluster.mountPoint(0);
            Path two = cluster.mountPoint(1);
            Files.createDirectories(one.resolve("d"));
            Files.setPosixFilePermissions(one.resolve("d"), PosixFilePermissions.fromString("rwxrwxrwx"));
            MetricRegistry twoRpc = cluster.mountClientMetrics(1);
            int rounds = 100;
            long pollsBefore = 0;
            long getattrsBefore = 0;
            for (int i = 0; i < 2 * rounds; i++) {
                if (i == rounds) {
                    pollsBefore = polls(twoRpc);
                    getattrsBefore = twoRpc.timer("rpc.client.get_attr.latency").getCount();
                }
                Files.createFile(one.resolve("d/a" + i));
                assertTrue(Files.exists(two.resolve("d/a" + i)), "mount 2 sees mount 1's create of a" + i + " at once");
                Files.createFile(two.resolve("d/b" + i));
                assertTrue(Files.exists(one.resolve("d/b" + i)), "mount 1 sees mount 2's create of b" + i + " at once");
                assertEquals("rw-r--r--", mode(two.resolve("d/b" + i)));
            }
            long polls = polls(twoRpc) - pollsBefore;
            long getattrs = twoRpc.timer("rpc.client.get_attr.latency").getCount() - getattrsBefore;
            System.out.printf("two mounts in one directory: mount 2 sent %d lease polls and %d getattrs over %d rounds%n",
                    polls, getattrs, rounds);
            // A leased directory costs each round a poll answered with an invalidation, often two.
            assertTrue(polls < rounds / 4, polls + " lease polls of mount 2 over " + rounds + " rounds of creates in turn");
            assertEquals(4 * rounds, names(two.resolve("d")).size(), "every file of both mounts is listed on mount 2");

            Files.setPosixFilePermissions(one.resolve("d"), PosixFilePermissions.fromString("rwx------"));
            Process touch = new ProcessBuilder("setpriv", "--reuid=1001", "--regid=1001", "--clear-groups",
                    "touch", two.resolve("d/c").toString()).redirectErrorStream(true).start();
            String said = new String(touch.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(touch.waitFor(60, TimeUnit.SECONDS));
            assertTrue(touch.exitValue() != 0 && said.contains("Permission denied"),
                    "uid 1001 may not create in d on mount 2 once mount 1 made it rwx------: " + said);
            assertFalse(Files.exists(one.resolve("d/c")));
        }
    }

    private static long polls(MetricRegistry rpc) {
        return rpc.timer("rpc.client.cache_lease_poll.latency").getCount();
    }

    /** The changes of {@code one}, each checked on {@code two} right after {@code one} was told it is done. */
    static void coherent(Path one, Path two) throws Exception {
        Files.setPosixFilePermissions(one.resolve("d/f"), PosixFilePermissions.fromString("rwx------"));
        assertEquals("rwx------", mode(two.resolve("d/f")), "chmod on mount 1, seen at once on mount 2");

        Files.writeString(one.resolve("d/f"), "second, longer");
        assertEquals("second, longer".length(), Files.size(two.resolve("d/f")), "a write's new size");
        assertEquals("second, longer", Files.readString(two.resolve("d/f")));

        Files.move(one.resolve("d/f"), one.resolve("d/g"));
        assertFalse(Files.exists(two.resolve("d/f")), "the old name of a rename is gone");
        assertEquals("second, longer", Files.readString(two.resolve("d/g")));

        Files.writeString(one.resolve("d/h"), "new");
        assertEquals(List.of("g", "h"), names(two.resolve("d")), "a new file is listed");
        assertEquals("new", Files.readString(two.resolve("d/h")));

        Files.delete(one.resolve("d/g"));
        assertFalse(Files.exists(two.resolve("d/g")), "an unlinked name is gone");
        assertTrue(throwsNoSuchFile(() -> Files.readString(two.resolve("d/g"))));
        assertEquals(List.of("h"), names(two.resolve("d")));

        Files.createDirectories(one.resolve("d/sub"));
        Files.setPosixFilePermissions(one.resolve("d/sub"), PosixFilePermissions.fromString("rwxr-x---"));
        assertEquals("rwxr-x---", mode(two.resolve("d/sub")), "a directory's chmod");
    }

    @Test
    void aLeaseHolderThatStopsPollingHoldsAChangeBackForAboutOneLeaseTermOnly() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(2).uncachedMounts().start()) {
            Path one = cluster.mountPoint(0);
            Files.createDirectories(one.resolve("held"));
            Files.writeString(one.resolve("held/f"), "x");
            long dir = cluster.mountClient(0).getattr(io.wfs.client.Caller.ROOT, "/held").ino();
            SlotMap slots = cluster.mountClient(0).slotMap();
            // A client of its own session that leases the directory's entries, then never polls again (it "died").
            try (MetaClient ghost = new MetaClient(cluster.rpcClient(), slots, Duration.ofSeconds(30))) {
                ghost.call(new CacheLeasePollRequest(ghost.leasedQuery(0, 0), slots.groupOfIno(dir).slots()[0], 0))
                        .get(30, TimeUnit.SECONDS);
                boolean leased = ghost.call(new LookupRequest(ghost.leasedQuery(0, 0), dir,
                        "f".getBytes(StandardCharsets.UTF_8))).get(30, TimeUnit.SECONDS).leased();
                assertTrue(leased, "the leader leased the lookup to a session that polls");
                long start = System.nanoTime();
                Files.setPosixFilePermissions(one.resolve("held/f"), PosixFilePermissions.fromString("rw-------"));
                long heldMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                // The change completed (the test's timeout bounds it); it waited for the ghost's lease to lapse.
                assertTrue(heldMs >= 500, "the chmod waited for the silent holder's lease: " + heldMs + " ms");
                assertEquals("rw-------", mode(cluster.mountPoint(1).resolve("held/f")));
                CacheLeasePollReply back = ghost.call(new CacheLeasePollRequest(ghost.leasedQuery(0, 0),
                        slots.groupOfIno(dir).slots()[0], 0)).get(30, TimeUnit.SECONDS);
                assertTrue(back.restarted(), "a holder that comes back finds its leases gone and must drop its cache");
            }
        }
    }

    @Test
    void changesAfterAMetaLeaderKillAreSeenOnTheOtherMount() throws Exception {
        try (MiniCluster cluster = ManagerTopology.processClusterWithFastFailover().mounts(2).uncachedMounts().start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), Duration.ofSeconds(1))) {
            SlotMap slots = view.awaitLedAndWritable();
            Path one = cluster.mountPoint(0);
            Path two = cluster.mountPoint(1);
            Files.createDirectories(one.resolve("d"));
            Files.writeString(one.resolve("d/f"), "first");
            assertEquals("first", Files.readString(two.resolve("d/f")), "mount 2 caches the path");
            long dir = cluster.mountClient(0).getattr(io.wfs.client.Caller.ROOT, "/d").ino();

            Objects.requireNonNull(ManagedMetaNodes.leaderOf(cluster.metaNodes(), slots.groupOfIno(dir).id()),
                    "the group has a leader").kill();
            coherent(one, two);
            assertArrayEquals("new".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(two.resolve("d/h")));
        }
    }

    private static long metaQueries(MetricRegistry rpc) {
        return rpc.timer("rpc.client.lookup.latency").getCount() + rpc.timer("rpc.client.get_attr.latency").getCount();
    }

    static String mode(Path p) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> !n.equals("sub")).sorted().toList();
        }
    }

    private interface Io {
        void run() throws Exception;
    }

    private static boolean throwsNoSuchFile(Io io) throws Exception {
        try {
            io.run();
            return false;
        } catch (NoSuchFileException e) {
            return true;
        }
    }
}
