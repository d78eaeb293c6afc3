package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.ClientConfigKeys;
import io.wfs.common.msg.meta.CacheLeasePollRequest;
import io.wfs.common.msg.meta.CreateDelegationReply;
import io.wfs.common.msg.meta.DelegateCreatesRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Asynchronous creates (issue 16, item 2; docs/metadata.md, "Asynchronous creates") through real
 * FUSE mounts whose kernel caches are off: a mount that creates many files in a directory answers
 * the creates itself under a delegation and sends them in batches; another mount that looks at
 * the directory right after any of those creates returned sees the file (the leader recalls the
 * delegation first); creates acknowledged before a meta leader's kill -9 are all there after it;
 * a holder that dies holds the directory for about one lease term only.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class AsyncCreatesIT {
    private static final int FILES = 200;

    @Test
    void filesOneMountCreatesUnderADelegationAreSeenAtOnceByTheOther() throws Exception {
        // A hold of 1 s (the longest), not the default 20 ms: whether a small file's write and close come
        // within the hold of its create is a matter of the machine's speed, and this test's count of
        // commits that rode must not depend on it (two ITs at once on CI's two cores took longer than 20 ms).
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(2).uncachedMounts()
                .mountSettings(c -> c.with(ClientConfigKeys.ASYNC_CREATE_HOLD, Duration.ofSeconds(1))).start()) {
            Path one = cluster.mountPoint(0);
            Path two = cluster.mountPoint(1);
            Files.createDirectories(one.resolve("d"));
            MetricRegistry oneRpc = cluster.mountClientMetrics(0);
            for (int i = 0; i < FILES; i++) {
                Files.createFile(one.resolve("d/f" + i), PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rw-r-----")));
            }
            long creates = oneRpc.timer("rpc.client.mknod.latency").getCount();
            // The creates leave in batches once their hold ends.
            io.wfs.common.testing.Await.until(Duration.ofSeconds(30),
                    () -> oneRpc.timer("rpc.client.create_batch.latency").getCount() > 0, "a batch of creates was sent");
            long batches = oneRpc.timer("rpc.client.create_batch.latency").getCount();
            long lookups = oneRpc.timer("rpc.client.lookup.latency").getCount();
            assertTrue(creates < FILES / 2 && batches > 0,
                    "most creates were answered by the mount: " + creates + " creates, " + batches + " batches");
            assertTrue(lookups < FILES / 2, "the kernel's lookups before the creates were answered by the mount,"
                    + " which knows every name of the directory it created in: " + lookups + " lookups");
            // Other changes of the directory's entries by this mount end that knowledge: they are found again.
            Files.createDirectories(one.resolve("d/sub"));
            Files.createSymbolicLink(one.resolve("d/link"), Path.of("f0"));
            assertTrue(Files.isDirectory(one.resolve("d/sub")) && Files.isSymbolicLink(one.resolve("d/link")));
            Files.delete(one.resolve("d/link"));
            Files.delete(one.resolve("d/sub"));

            assertEquals(FILES, names(two.resolve("d")).size(), "every file listed on the other mount at once");
            assertEquals("rw-r-----", CacheLeasesIT.mode(two.resolve("d/f" + (FILES - 1))));
            // The other mount creates there too: the delegation was recalled, both sets stay.
            for (int i = 0; i < 10; i++) {
                Files.createFile(two.resolve("d/g" + i));
                Files.createFile(one.resolve("d/h" + i));
            }
            Files.writeString(one.resolve("d/written"), "data");
            Files.createFile(one.resolve("d/gone"));
            Files.delete(one.resolve("d/gone"));
            assertEquals("data", Files.readString(two.resolve("d/written")), "a file created, written and closed");
            assertFalse(Files.exists(two.resolve("d/gone")), "a file created and unlinked at once");
            assertEquals(FILES + 21, names(two.resolve("d")).size());

            // Small files written and closed: each commit rides in its create's batch. Counted over the files
            // whose creates the mount answered (no MKNOD sent): whether it holds the directory at a given moment
            // depends on timing (the delegation asked for late or taken back meanwhile; the create package's
            // debug log says which), what is tested is the riding. On this uncached mount the kernel asks for the
            // directory's attributes before every create; they are answered from the leased attributes the
            // mount moved ahead with its creates. (Until 2026-12-07 the unleased lookup of "e" in the root, which
            // other mounts change, dropped them: the getattr went to the servers, sent the pending create early,
            // and about half of the commits went on their own; MetadataCache#leasedAndNotOlder.)
            Path writer = one;
            MetricRegistry writerRpc = oneRpc;
            Files.createDirectories(writer.resolve("e"));
            int[] written = {0};
            int[] answeredHere = {0};
            int[] ownCommits = {0};
            io.wfs.common.testing.Await.until(Duration.ofSeconds(120), () -> {
                long mknods = writerRpc.timer("rpc.client.mknod.latency").getCount();
                long commitsBefore = writerRpc.timer("rpc.client.commit_slices.latency").getCount();
                Files.writeString(writer.resolve("e/s" + written[0]), "content " + written[0]);
                written[0]++;
                if (writerRpc.timer("rpc.client.mknod.latency").getCount() == mknods) {
                    answeredHere[0]++;
                    ownCommits[0] += (int) (writerRpc.timer("rpc.client.commit_slices.latency").getCount() - commitsBefore);
                }
                return answeredHere[0] >= 50;
            }, () -> "50 creates in e answered by the mount; " + answeredHere[0] + " of " + written[0] + " files");
            assertTrue(ownCommits[0] < 10, "the commits rode with the creates: " + ownCommits[0] + " commits of their own for "
                    + answeredHere[0] + " files the mount created (" + written[0] + " written)");
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(writer.resolve("e/synced"),
                    java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
                ch.write(java.nio.ByteBuffer.wrap("synced".getBytes()));
                // Waits for the file's batch (WfsClient.fsync): its create and commit are on the group's majority.
                ch.force(true);
            }
            for (int i = 0; i < written[0]; i++) {
                assertEquals("content " + i, Files.readString(two.resolve("e/s" + i)));
            }
            assertEquals("synced", Files.readString(two.resolve("e/synced")));
            assertEquals(0L, oneRpc.getGauges().get("client.async_creates.lost").getValue(), "no create was refused");
        }
    }

    private static io.wfs.common.config.WfsConfig uncached(io.wfs.common.config.WfsConfig c) {
        return c.with(ClientConfigKeys.ATTR_TTL, java.time.Duration.ZERO)
                .with(ClientConfigKeys.KERNEL_ATTR_TIMEOUT, java.time.Duration.ZERO)
                .with(ClientConfigKeys.KERNEL_ENTRY_TIMEOUT, java.time.Duration.ZERO);
    }

    /**
     * tar as root sets each file's times, owner and mode on the open file after writing it
     * (utimensat, fchown, fchmod, close): on a file still pending those fold into its create, and
     * another mount sees exactly the archive's attributes. A utimes after a write wins over the
     * write's later commit, on a file created the usual way too.
     */
    @Test
    void tarsTimesOwnersAndModesFoldIntoTheCreatesAndHold() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().start()) {
            // Uncached mounts; the writer holds its new files 500 ms instead of 20 ms, so that tar's
            // changes fold in however slow a loaded CI machine is between a create and its utimens
            // (in the suite, 81 of 180 arrived after 20 ms). What is tested is the folding; how
            // often the default window catches them is a benchmark's figure (docs/benchmarks.md).
            cluster.mountWith(c -> uncached(c).with(ClientConfigKeys.ASYNC_CREATE_HOLD, java.time.Duration.ofMillis(500)));
            cluster.mountWith(AsyncCreatesIT::uncached);
            Path src = Files.createDirectories(cluster.dir().resolve("src/tree/sub"));
            List<Path> made = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                Path f = src.resolve((i % 2 == 0 ? "" : "../") + "f" + i).normalize();
                Files.writeString(f, "file " + i + "\n".repeat(i));
                Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(i % 3 == 0 ? "rwxr-x---" : "rw-r--r--"));
                Files.setAttribute(f, "unix:uid", 1000 + i);
                Files.setAttribute(f, "unix:gid", 2000 + i % 4);
                Files.setLastModifiedTime(f, java.nio.file.attribute.FileTime.fromMillis(1_500_000_000_000L + i * 1_000L));
                made.add(f);
            }
            Path archive = cluster.dir().resolve("tree.tar");
            run(cluster.dir().resolve("src"), "tar", "cf", archive.toString(), "tree");
            Path one = cluster.mountPoint(0);
            MetricRegistry oneRpc = cluster.mountClientMetrics(0);
            long setattrsBefore = oneRpc.timer("rpc.client.set_attr.latency").getCount();
            run(one, "tar", "xf", archive.toString());
            long setattrs = oneRpc.timer("rpc.client.set_attr.latency").getCount() - setattrsBefore;
            assertTrue(setattrs < made.size(), "most of tar's 3 x " + made.size() + " setattrs folded into the creates: "
                    + setattrs + " sent");
            Path two = cluster.mountPoint(1);
            for (Path f : made) {
                Path there = two.resolve(cluster.dir().resolve("src").relativize(f));
                assertEquals(Files.readString(f), Files.readString(there), there.toString());
                assertEquals(Files.getAttribute(f, "unix:mode"), Files.getAttribute(there, "unix:mode"), there + " mode");
                assertEquals(Files.getAttribute(f, "unix:uid"), Files.getAttribute(there, "unix:uid"), there + " uid");
                assertEquals(Files.getAttribute(f, "unix:gid"), Files.getAttribute(there, "unix:gid"), there + " gid");
                assertEquals(Files.getLastModifiedTime(f), Files.getLastModifiedTime(there), there + " mtime");
            }
            assertEquals(0L, oneRpc.getGauges().get("client.async_creates.lost").getValue(), "no create was refused");

            // A directory the other mount made: the first create there goes the usual way.
            Files.createDirectories(two.resolve("plain"));
            Path plain = one.resolve("plain/written-then-dated");
            java.nio.file.attribute.FileTime old = java.nio.file.attribute.FileTime.fromMillis(1_400_000_000_000L);
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(plain,
                    java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
                ch.write(java.nio.ByteBuffer.wrap("buffered until close".getBytes()));
                Files.setLastModifiedTime(plain, old);
            }
            assertEquals(old, Files.getLastModifiedTime(two.resolve("plain/written-then-dated")),
                    "the utimes after the write, not the close's commit, set mtime");
        }
    }

    /**
     * Unlinks of files a mount created in a directory it holds are answered by the mount and sent
     * in its batches: the other mount sees exactly what is left, a file unlinked while open stays
     * readable and writable through its descriptor, and rm -rf of a tree tar made costs no
     * unlink round trip per file.
     */
    @Test
    void unlinksOfFilesTheMountCreatedRideInItsBatches() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(2).uncachedMounts().start()) {
            Path one = cluster.mountPoint(0);
            Path two = cluster.mountPoint(1);
            Files.createDirectories(one.resolve("d"));
            MetricRegistry oneRpc = cluster.mountClientMetrics(0);
            long unlinksBefore = oneRpc.timer("rpc.client.unlink.latency").getCount();
            List<String> kept = new ArrayList<>();
            for (int i = 0; i < FILES; i++) {
                Path f = one.resolve("d/f" + i);
                if (i % 4 == 0) {
                    Files.writeString(f, "data " + i);
                } else {
                    Files.createFile(f);
                }
                if (i % 2 == 1) {
                    Files.delete(f);
                } else {
                    kept.add("f" + i);
                }
            }
            // Created, gone and created again under one name.
            Files.writeString(one.resolve("d/f1"), "second life");
            kept.add("f1");
            try (java.nio.channels.FileChannel open = java.nio.channels.FileChannel.open(one.resolve("d/f0"),
                    java.nio.file.StandardOpenOption.READ, java.nio.file.StandardOpenOption.WRITE)) {
                Files.delete(one.resolve("d/f0"));
                kept.remove("f0");
                open.write(java.nio.ByteBuffer.wrap("after unlink".getBytes()), 100);
                java.nio.ByteBuffer back = java.nio.ByteBuffer.allocate(6);
                open.read(back, 0);
                assertEquals("data 0", new String(back.array()), "an unlinked file stays readable through its descriptor");
            }
            long unlinks = oneRpc.timer("rpc.client.unlink.latency").getCount() - unlinksBefore;
            assertTrue(unlinks < FILES / 4, "the unlinks rode in the batches: " + unlinks + " of " + (FILES / 2 + 1) + " sent");
            assertEquals(new TreeSet<>(kept), new TreeSet<>(names(two.resolve("d"))), "what the other mount lists");
            assertEquals("data 4", Files.readString(two.resolve("d/f4")));
            assertEquals("second life", Files.readString(two.resolve("d/f1")));

            Path src = Files.createDirectories(cluster.dir().resolve("src/tree/a/b"));
            for (int i = 0; i < 40; i++) {
                Files.writeString(src.resolve((i % 2 == 0 ? "" : "../") + "t" + i), "t" + i);
            }
            Path archive = cluster.dir().resolve("tree.tar");
            run(cluster.dir().resolve("src"), "tar", "cf", archive.toString(), "tree");
            run(one, "tar", "xf", archive.toString());
            long before = oneRpc.timer("rpc.client.unlink.latency").getCount();
            run(one, "rm", "-rf", "tree");
            assertTrue(oneRpc.timer("rpc.client.unlink.latency").getCount() - before < 20,
                    "rm -rf of what tar just made: most unlinks answered by the mount");
            assertFalse(Files.exists(two.resolve("tree")), "gone on the other mount");
            assertEquals(0L, oneRpc.getGauges().get("client.async_creates.lost").getValue(), "nothing refused");
        }
    }

    /**
     * Editors, package managers and git write a temporary file, close it, set its mode and rename
     * it over the final name: while the file is not sent yet, the chmod folds into its create and a
     * rename to a name the directory does not have only renames the pending create.
     */
    @Test
    void aTemporaryFileChangedAndRenamedBeforeItsBatchLeftCostsOnlyItsCreate() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(2).uncachedMounts().start()) {
            Path one = cluster.mountPoint(0);
            Path two = cluster.mountPoint(1);
            Files.createDirectories(one.resolve("d"));
            MetricRegistry oneRpc = cluster.mountClientMetrics(0);
            long renamesBefore = oneRpc.timer("rpc.client.rename.latency").getCount();
            long setattrsBefore = oneRpc.timer("rpc.client.set_attr.latency").getCount();
            int n = 50;
            for (int i = 0; i < n; i++) {
                Path tmp = one.resolve("d/.tmp" + i);
                Files.writeString(tmp, "version " + i);
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r-----"));
                Files.move(tmp, one.resolve("d/file" + i), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
            long renames = oneRpc.timer("rpc.client.rename.latency").getCount() - renamesBefore;
            long setattrs = oneRpc.timer("rpc.client.set_attr.latency").getCount() - setattrsBefore;
            assertTrue(renames < n / 2 && setattrs < n / 2, "renames and chmods folded into the creates: " + renames
                    + " renames and " + setattrs + " setattrs sent for " + n + " files");
            // Over an existing name: the servers do it.
            Files.writeString(one.resolve("d/.new"), "replaced");
            Files.move(one.resolve("d/.new"), one.resolve("d/file0"), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                expected.add("file" + i);
            }
            assertEquals(new TreeSet<>(expected), new TreeSet<>(names(two.resolve("d"))), "only the final names");
            assertEquals("replaced", Files.readString(two.resolve("d/file0")));
            assertEquals("version 7", Files.readString(two.resolve("d/file7")));
            assertEquals("rw-r-----", CacheLeasesIT.mode(two.resolve("d/file7")));
            assertEquals(0L, oneRpc.getGauges().get("client.async_creates.lost").getValue(), "nothing refused");
        }
    }

    /**
     * Regression (PostgreSQL's initdb on a mount failed: "invalid magic number 0000 in log
     * segment"): a WAL segment is zero-filled in one write, renamed, and its first page written
     * again, all before its create's batch left, so both flushes' commits ride in that batch, in
     * order, overlapping. Another process's open of it was answered from the pending create with the
     * commits as they were, and the reader, which takes a slice list to be non-overlapping, read the
     * first page back as zeros. The steps run as PostgreSQL runs them, as separate processes' system
     * calls through the FUSE mount (python3); the window is a few milliseconds, so eight segments.
     */
    @Test
    void aFileWrittenTwiceBeforeItsBatchLeftReadsBackItsLastWrite() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(2).uncachedMounts().start()) {
            Path wal = cluster.mountPoint(0).resolve("wal");
            Files.createDirectories(wal);
            String script = String.join("\n",
                    "import os, subprocess, sys",
                    "d = sys.argv[1]",
                    "for i in range(8):",
                    "    tmp, seg = os.path.join(d, 'xlogtemp.%d' % i), os.path.join(d, 'segment%d' % i)",
                    "    fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)",
                    "    os.write(fd, bytes(16 << 20))",
                    "    os.close(fd)",
                    "    os.rename(tmp, seg)",
                    "    fd = os.open(seg, os.O_RDWR)",
                    "    os.pwrite(fd, b'\\xab' * 8192, 0)",
                    "    os.close(fd)",
                    "    read = 'import os; fd = os.open(%r, os.O_RDONLY); print(os.pread(fd, 8, 8188).hex())' % seg",
                    "    print(subprocess.run([sys.executable, '-c', read], capture_output=True, text=True, check=True).stdout.strip())");
            Process p = new ProcessBuilder("python3", "-c", script, wal.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(p.waitFor(2, TimeUnit.MINUTES), "timed out");
            assertEquals(0, p.exitValue(), out);
            // The last 4 bytes of the page written last, then the first 4 of the zeros after it.
            assertEquals(List.of("abababab00000000", "abababab00000000", "abababab00000000", "abababab00000000",
                    "abababab00000000", "abababab00000000", "abababab00000000", "abababab00000000"), out.lines().toList(), out);
            byte[] page = new byte[8192];
            java.util.Arrays.fill(page, (byte) 0xab);
            for (int i = 0; i < 8; i++) {
                byte[] there = Files.readAllBytes(cluster.mountPoint(1).resolve("wal/segment" + i));
                assertArrayEquals(page, java.util.Arrays.copyOf(there, page.length), "the other mount, segment " + i);
                assertEquals(16 << 20, there.length);
            }
        }
    }

    static void run(Path cwd, String... command) throws Exception {
        Process p = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "timed out: " + String.join(" ", command));
        assertEquals(0, p.exitValue(), String.join(" ", command) + "\n" + out);
    }

    @Test
    void createsAcknowledgedBeforeAMetaLeaderKillAreAllThereAfterIt() throws Exception {
        try (MiniCluster cluster = ManagerTopology.processClusterWithFastFailover().mounts(2).uncachedMounts().start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), Duration.ofSeconds(1))) {
            SlotMap slots = view.awaitLedAndWritable();
            Path one = cluster.mountPoint(0);
            Files.createDirectories(one.resolve("d"));
            long dir = cluster.mountClient(0).getattr(io.wfs.client.Caller.ROOT, "/d").ino();
            // Files the other mount made: their unlinks through this one go to the servers, across the kill too.
            for (int k = 0; k < FILES; k++) {
                Files.createFile(cluster.mountPoint(1).resolve("d/old" + k));
            }
            ConcurrentLinkedQueue<String> acknowledged = new ConcurrentLinkedQueue<>();
            ConcurrentLinkedQueue<String> unlinked = new ConcurrentLinkedQueue<>();
            AtomicReference<Exception> failed = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < 4 * FILES; i++) {
                        Files.createFile(one.resolve("d/f" + i));
                        acknowledged.add("f" + i);
                        if (i % 3 == 2) {
                            // Unlinks answered by the mount ride in the batches too: gone for good once acknowledged.
                            Files.delete(one.resolve("d/f" + (i - 1)));
                            unlinked.add("f" + (i - 1));
                        } else if (i % 3 == 0 && i / 3 < FILES) {
                            Files.delete(one.resolve("d/old" + i / 3));
                            unlinked.add("old" + i / 3);
                        }
                    }
                } catch (Exception e) {
                    failed.set(e);
                }
            });
            writer.start();
            io.wfs.common.testing.Await.until(Duration.ofSeconds(60), () -> acknowledged.size() >= FILES / 2,
                    "a hundred creates acknowledged");
            Objects.requireNonNull(ManagedMetaNodes.leaderOf(cluster.metaNodes(), slots.groupOfIno(dir).id()),
                    "the group has a leader").kill();
            writer.join(TimeUnit.MINUTES.toMillis(5));
            assertFalse(writer.isAlive(), "the creates finished");
            assertEquals(null, failed.get(), "no create failed across the leader change");
            TreeSet<String> seen = new TreeSet<>(names(cluster.mountPoint(1).resolve("d")));
            List<String> missing = new ArrayList<>();
            for (String name : acknowledged) {
                if (!seen.contains(name) && !unlinked.contains(name)) {
                    missing.add(name);
                }
            }
            assertEquals(List.of(), missing, "every acknowledged create is on the other mount");
            List<String> back = new ArrayList<>();
            for (String name : unlinked) {
                if (seen.contains(name)) {
                    back.add(name);
                }
            }
            assertEquals(List.of(), back, "no acknowledged unlink is undone");
            for (int k = 0; k < FILES; k++) {
                assertEquals(!unlinked.contains("old" + k), seen.contains("old" + k), "old" + k);
            }
            MetricRegistry oneRpc = cluster.mountClientMetrics(0);
            assertTrue(oneRpc.timer("rpc.client.create_batch.latency").getCount() > 0, "the creates went in batches");
            assertEquals(0L, oneRpc.getGauges().get("client.async_creates.lost").getValue());
        }
    }

    @Test
    void aHolderThatStopsPollingHoldsItsDirectoryForAboutOneLeaseOnly() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(1).uncachedMounts().start()) {
            Path one = cluster.mountPoint(0);
            Files.createDirectories(one.resolve("held"));
            long dir = cluster.mountClient(0).getattr(io.wfs.client.Caller.ROOT, "/held").ino();
            SlotMap slots = cluster.mountClient(0).slotMap();
            // A session that takes a delegation, then never polls again (it "died" with files unsent).
            try (MetaClient ghost = new MetaClient(cluster.rpcClient(), slots, Duration.ofSeconds(30))) {
                ghost.call(new CacheLeasePollRequest(ghost.leasedQuery(0, 0), slots.groupOfIno(dir).slots()[0], 0))
                        .get(30, TimeUnit.SECONDS);
                CreateDelegationReply range = ghost.call(new DelegateCreatesRequest(ghost.mutation(0, 0), dir))
                        .get(30, TimeUnit.SECONDS);
                assertTrue(range.count() > 0, "the delegation was granted");
                long start = System.nanoTime();
                Files.createFile(one.resolve("held/after"));
                long heldMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(heldMs >= 500, "the create waited for the silent holder's lease: " + heldMs + " ms");
                assertEquals(List.of("after"), names(one.resolve("held")));
            }
        }
    }

    static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
