package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.testing.Await;
import io.wfs.fuse.WfsMount;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Two FUSE mounts (two clients) of one cluster: close-to-open visibility, and locks that conflict across them. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TwoMountsIT {
    private MiniCluster cluster;
    private Path one;
    private Path two;

    @BeforeAll
    void start() throws Exception {
        cluster = MiniCluster.builder().localCluster().mounts(2).start();
        one = cluster.mountPoint(0);
        two = cluster.mountPoint(1);
    }

    @AfterAll
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        assertFalse(WfsMount.isMounted(one) || WfsMount.isMounted(two));
    }

    @Test
    void aFileClosedOnOneMountIsSeenWholeByAnOpenOnTheOther() throws Exception {
        byte[] data = new byte[3 << 20];
        new Random(3).nextBytes(data);
        Files.write(one.resolve("shared.bin"), data);
        assertArrayEquals(data, Files.readAllBytes(two.resolve("shared.bin")));
        byte[] more = new byte[70_000];
        new Random(4).nextBytes(more);
        Files.write(two.resolve("shared.bin"), more, StandardOpenOption.APPEND);
        byte[] seen = Files.readAllBytes(one.resolve("shared.bin"));
        assertEquals(data.length + more.length, seen.length);
        assertEquals(more[more.length - 1], seen[seen.length - 1]);
    }

    /**
     * Closes are gathered for client.close-delay and sent in one request per group: reading many
     * files costs fewer close requests than files, and a file another mount unlinked while this
     * one read it is freed once those closes arrive, not before.
     */
    @Test
    void closesOfFilesReadTogetherGoInFewerRequestsAndFreeWhatAnotherMountUnlinked() throws Exception {
        int n = 40;
        Files.createDirectories(two.resolve("closes"));
        byte[][] contents = new byte[n][];
        for (int i = 0; i < n; i++) {
            contents[i] = new byte[5_000 + i];
            new Random(i).nextBytes(contents[i]);
            Files.write(two.resolve("closes/f" + i), contents[i]);
        }
        com.codahale.metrics.MetricRegistry rpc = cluster.mountClientMetrics(0);
        long[] inos = new long[n];
        FileChannel[] open = new FileChannel[n];
        try (io.wfs.common.route.MetaClient meta = new io.wfs.common.route.MetaClient(cluster.rpcClient(),
                cluster.mountClient(0).slotMap(), Duration.ofSeconds(30))) {
            for (int i = 0; i < n; i++) {
                open[i] = FileChannel.open(one.resolve("closes/f" + i), StandardOpenOption.READ);
                inos[i] = cluster.mountClient(0).getattr(io.wfs.client.Caller.ROOT, "/closes/f" + i).ino();
            }
            for (int i = 0; i < n; i++) {
                Files.delete(two.resolve("closes/f" + i));
            }
            for (int i = 0; i < n; i++) {
                assertArrayEquals(contents[i], OpenFilesUnderLeaderKillIT.readAll(open[i], contents[i].length), "f" + i);
            }
            assertEquals(0, OpenFilesUnderLeaderKillIT.attrOrNull(meta, inos[0]).nlink(), "held open, nameless");
            long batchesBefore = rpc.timer("rpc.client.close_batch.latency").getCount();
            for (FileChannel c : open) {
                c.close();
            }
            for (long ino : inos) {
                Await.until(Duration.ofMinutes(1), () -> OpenFilesUnderLeaderKillIT.missing(meta, ino),
                        "an unlinked file freed after its last close");
            }
            long batches = rpc.timer("rpc.client.close_batch.latency").getCount() - batchesBefore;
            assertTrue(batches > 0 && batches < n, n + " closes in " + batches + " requests");
        } finally {
            for (FileChannel c : open) {
                if (c != null) {
                    c.close();
                }
            }
        }
    }

    @Test
    void fcntlLocksConflictAcrossMounts() throws Exception {
        Path f = one.resolve("fcntl.lock");
        Files.write(f, new byte[100]);
        String lockOnTwo = "import fcntl,sys\nf=open(sys.argv[1],'r+')\ntry:\n fcntl.lockf(f, fcntl.LOCK_EX|fcntl.LOCK_NB)\n"
                + "except OSError:\n sys.exit(7)\n";
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE); FileLock held = ch.lock()) {
            assertTrue(held.isValid());
            assertEquals(7, run("python3", "-c", lockOnTwo, two.resolve("fcntl.lock").toString()),
                    "a write lock held through mount 1 must refuse one through mount 2");
        }
        assertEquals(0, run("python3", "-c", lockOnTwo, two.resolve("fcntl.lock").toString()), "released at close");
    }

    /**
     * libfuse unlocks the whole file at every flush of a file system with locks; for a file this
     * mount never locked that is nothing to do, and it cost a Raft entry per close (three per
     * created file). A file that was locked still sends its unlocks.
     */
    @Test
    void closingFilesThisMountNeverLockedSendsNoLockRequest() throws Exception {
        com.codahale.metrics.Timer setLock = cluster.mountClientMetrics(0).timer("rpc.client.set_lock.latency");
        long before = setLock.getCount();
        for (int i = 0; i < 10; i++) {
            Path f = one.resolve("unlocked-" + i);
            Files.write(f, new byte[] {(byte) i});
            assertArrayEquals(new byte[] {(byte) i}, Files.readAllBytes(f));
        }
        assertEquals(before, setLock.getCount(), "no lock request for files nobody locked");
        Path locked = one.resolve("locked-once");
        Files.write(locked, new byte[10]);
        try (FileChannel ch = FileChannel.open(locked, StandardOpenOption.WRITE); FileLock held = ch.lock()) {
            assertTrue(held.isValid());
        }
        assertTrue(setLock.getCount() >= before + 2, "the lock and its unlock went to the servers");
    }

    /**
     * A flush or fsync commits without fetching the file's new slice list (it cost a round trip per
     * sync); the next read through the open file fetches it, and sees every synced byte.
     */
    @Test
    void syncedWritesReadBackThroughTheSameDescriptorWithOneFetchForTheRead() throws Exception {
        com.codahale.metrics.Timer getSlices = cluster.mountClientMetrics(0).timer("rpc.client.get_slices.latency");
        Path f = one.resolve("synced");
        java.nio.ByteBuffer expected = java.nio.ByteBuffer.allocate(3 * 5000);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            long before = getSlices.getCount();
            for (int i = 0; i < 3; i++) {
                byte[] part = new byte[5000];
                java.util.Arrays.fill(part, (byte) ('a' + i));
                ch.write(java.nio.ByteBuffer.wrap(part));
                ch.force(true);
                expected.put(part);
            }
            assertEquals(before, getSlices.getCount(), "no slice list fetched per sync");
            java.nio.ByteBuffer back = java.nio.ByteBuffer.allocate(expected.capacity());
            while (back.hasRemaining() && ch.read(back, back.position()) > 0) {
                // FileChannel.read with a position does not move the channel's own.
            }
            assertArrayEquals(expected.array(), back.array());
            assertTrue(getSlices.getCount() > before, "the read fetched the list the syncs committed");
        }
        assertArrayEquals(expected.array(), Files.readAllBytes(two.resolve("synced")), "and the other mount sees it all");
    }

    /**
     * The kernel asks for security.capability before every write; for a file this client just
     * created the answer is known (none) and costs no round trip. An attribute set here is seen.
     */
    @Test
    void writingNewFilesAsksTheServersForNoExtendedAttribute() throws Exception {
        com.codahale.metrics.Timer getXattr = cluster.mountClientMetrics(0).timer("rpc.client.get_xattr.latency");
        long before = getXattr.getCount();
        for (int i = 0; i < 5; i++) {
            Files.write(one.resolve("fresh-" + i), new byte[] {1, 2, 3});
        }
        assertEquals(before, getXattr.getCount(), "no getxattr round trip for new files");
        Path tagged = one.resolve("fresh-tagged");
        Files.write(tagged, new byte[] {1});
        var view = Files.getFileAttributeView(tagged, java.nio.file.attribute.UserDefinedFileAttributeView.class);
        view.write("k", java.nio.ByteBuffer.wrap("v".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        java.nio.ByteBuffer value = java.nio.ByteBuffer.allocate(view.size("k"));
        view.read("k", value);
        assertEquals("v", new String(value.array(), java.nio.charset.StandardCharsets.UTF_8));
    }

    /**
     * The kernel asks for security.capability before every write(2); leased attributes that say the
     * file has no extended attribute answer it in the mount. A setxattr on another mount takes the
     * lease back before it returns: the first mount then sees the attribute at once.
     */
    @Test
    void rewritesOfAFileWithoutXattrsAskNoServerAndAnotherMountsSetxattrShowsAtOnce() throws Exception {
        // In a directory only the other mount changes: the leader leases its entries to this one.
        Files.createDirectories(two.resolve("xattrs"));
        Path there = two.resolve("xattrs/rewritten");
        Files.write(there, new byte[64 << 10]);
        Path here = one.resolve("xattrs/rewritten");
        com.codahale.metrics.Timer getXattr = cluster.mountClientMetrics(0).timer("rpc.client.get_xattr.latency");
        try (FileChannel f = FileChannel.open(here, StandardOpenOption.WRITE)) {
            f.write(java.nio.ByteBuffer.wrap(new byte[] {1}), 0); // the open's attributes now cached, under a lease
            long before = getXattr.getCount();
            for (int i = 0; i < 50; i++) {
                f.write(java.nio.ByteBuffer.wrap(new byte[] {(byte) i}), i * 1000L);
            }
            assertEquals(before, getXattr.getCount(), "50 rewrites, no getxattr round trip");
        }
        var thereView = Files.getFileAttributeView(there, java.nio.file.attribute.UserDefinedFileAttributeView.class);
        thereView.write("k", java.nio.ByteBuffer.wrap("v".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        var hereView = Files.getFileAttributeView(here, java.nio.file.attribute.UserDefinedFileAttributeView.class);
        java.nio.ByteBuffer value = java.nio.ByteBuffer.allocate(16);
        int n = hereView.read("k", value);
        assertEquals("v", new String(value.array(), 0, n, java.nio.charset.StandardCharsets.UTF_8),
                "another mount's setxattr, seen once it returned");
    }

    @Test
    void flocksConflictAcrossMounts() throws Exception {
        Path f = one.resolve("flock.lock");
        Files.write(f, new byte[1]);
        // The holder is the process with the descriptor (flock(1) would leave it to its child).
        Process holder = new ProcessBuilder("python3", "-c", "import fcntl,sys,time\nf=open(sys.argv[1])\n"
                + "fcntl.flock(f, fcntl.LOCK_EX)\ntime.sleep(60)\n", f.toString()).start();
        try {
            // Wait until the holder has it: a non-blocking attempt through the same mount fails then.
            Await.until(Duration.ofSeconds(20), () -> run("flock", "-n", f.toString(), "true") != 0, "the holder got its lock");
            assertNotEquals(0, run("flock", "-n", two.resolve("flock.lock").toString(), "true"));
        } finally {
            holder.destroy();
            holder.waitFor(10, TimeUnit.SECONDS);
        }
        Await.until(Duration.ofSeconds(20), () -> run("flock", "-n", two.resolve("flock.lock").toString(), "true") == 0,
                "the flock released when its holder died");
    }

    private static int run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", cmd) + " timed out");
        return p.exitValue();
    }
}
