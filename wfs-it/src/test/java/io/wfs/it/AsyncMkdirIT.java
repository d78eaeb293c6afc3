package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.Caller;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.posix.DirectorySpread;
import io.wfs.common.route.SlotMap;
import io.wfs.common.testing.Await;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Asynchronous mkdir (issue 16, item 2; docs/metadata.md, "Asynchronous mkdir") through real FUSE
 * mounts whose kernel caches are off: under its create delegation a mount answers mkdir itself and
 * sends the new directories in the directory's batches; another mount sees each one, with the
 * same number, mode and link counts, as soon as the first mount's mkdir returned; directories
 * acknowledged across a meta leader's kill -9 are all there; a client killed with -9 loses at most
 * what it made after its last fsync of the directory, and leaves the namespace whole.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class AsyncMkdirIT {
    private static final int DIRS = 200;

    /** Asynchronous mkdir is on by default (docs/metadata.md); these mounts ask for it whatever the default. */
    static WfsConfig asyncMkdirs(WfsConfig c) {
        return c.with(ClientConfigKeys.ASYNC_MKDIRS, true);
    }

    @Test
    void directoriesOneMountMakesUnderADelegationAreSeenAtOnceByTheOther() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(2).uncachedMounts().mountSettings(AsyncMkdirIT::asyncMkdirs).start()) {
            Path one = cluster.mountPoint(0);
            Path two = cluster.mountPoint(1);
            Files.createDirectories(one.resolve("d"));
            MetricRegistry oneRpc = cluster.mountClientMetrics(0);
            for (int i = 0; i < DIRS; i++) {
                Files.createDirectory(one.resolve("d/s" + i));
            }
            // Made under the delegation, then filled at once (tar, mkdir -p): the new directory's own
            // delegation waits for its batch.
            Files.createDirectories(one.resolve("d/p/q/r"));
            Files.writeString(one.resolve("d/p/q/r/f"), "deep");
            long mkdirs = oneRpc.timer("rpc.client.mkdir.latency").getCount();
            assertTrue(mkdirs < DIRS / 2, "most mkdirs were answered by the mount: " + mkdirs + " sent");
            assertThrows(FileAlreadyExistsException.class, () -> Files.createDirectory(one.resolve("d/s7")));
            // Through the API, without the kernel's lookup first (as the CSI driver calls it): EEXIST too.
            io.wfs.common.error.WfsException exists = assertThrows(io.wfs.common.error.WfsException.class,
                    () -> cluster.mountClient(0).mkdir(Caller.ROOT, "/d/s8", 0755));
            assertEquals(io.wfs.common.error.WfsErrorCode.EEXIST, exists.code());
            Files.delete(one.resolve("d/s3"));

            WfsClient a = cluster.mountClient(0);
            WfsClient b = cluster.mountClient(1);
            assertEquals(DIRS, AsyncCreatesIT.names(two.resolve("d")).size(), "every directory listed on the other mount");
            assertEquals("deep", Files.readString(two.resolve("d/p/q/r/f")));
            for (String name : List.of("/d/s0", "/d/s199", "/d/p", "/d/p/q/r")) {
                InodeAttr mine = a.getattr(Caller.ROOT, name);
                InodeAttr theirs = b.getattr(Caller.ROOT, name);
                assertEquals(mine.ino(), theirs.ino(), name);
                assertEquals(mine.mode(), theirs.mode(), name);
                assertEquals(mine.nlink(), theirs.nlink(), name);
            }
            assertEquals(2 + DIRS, b.getattr(Caller.ROOT, "/d").nlink(), "d counts its subdirectories");
            assertEquals(2 + DIRS, a.getattr(Caller.ROOT, "/d").nlink(), "as the mount that made them counts them");
            assertEquals(3, b.getattr(Caller.ROOT, "/d/p").nlink());
            assertFalse(Files.exists(two.resolve("d/s3")), "a directory made and removed at once");

            // Set-group-id is inherited, and the other mount may fill and remove what the first made.
            Files.createDirectory(one.resolve("g"));
            AsyncCreatesIT.run(one, "chmod", "2775", "g");
            for (int i = 0; i < 5; i++) {
                Files.createDirectory(one.resolve("g/k" + i));
            }
            assertEquals("2755", Integer.toOctalString((int) Files.getAttribute(two.resolve("g/k4"), "unix:mode") & 07777),
                    "set-group-id from the parent");
            Files.writeString(two.resolve("g/k4/x"), "x");
            Files.delete(two.resolve("g/k4/x"));
            Files.delete(two.resolve("g/k4"));
            assertEquals(List.of("k0", "k1", "k2", "k3"), AsyncCreatesIT.names(one.resolve("g")));
            assertEquals(6, a.getattr(Caller.ROOT, "/g").nlink());
            assertEquals(0L, oneRpc.getGauges().get("client.async_creates.lost").getValue(), "no mkdir was refused");
        }
    }

    /** With client.async-mkdirs off, mkdir and rmdir go to the servers. */
    @Test
    void withTheKeyOffTheServersMakeAndRemoveEveryDirectory() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().start()) {
            cluster.mountWith(c -> c.with(ClientConfigKeys.ASYNC_MKDIRS, false));
            Path one = cluster.mountPoint(0);
            Files.createDirectories(one.resolve("d"));
            MetricRegistry rpc = cluster.mountClientMetrics(0);
            for (int i = 0; i < 20; i++) {
                Files.createDirectory(one.resolve("d/s" + i));
            }
            for (int i = 0; i < 20; i++) {
                Files.delete(one.resolve("d/s" + i));
            }
            assertTrue(rpc.timer("rpc.client.mkdir.latency").getCount() >= 21, "every mkdir was sent");
            assertTrue(rpc.timer("rpc.client.rmdir.latency").getCount() >= 20, "every rmdir was sent");
            assertEquals(List.of(), AsyncCreatesIT.names(one.resolve("d")));
        }
    }

    /**
     * A directory marked {@code trusted.wfs.spread} (as the CSI driver marks its volumes root): once
     * root marks it through the mount that holds its delegation, every mkdir there goes to the
     * servers and the new directories spread over the groups; a value other than 1 and a non-root
     * caller are refused; with the mark removed the mount answers again.
     */
    @Test
    void underADirectoryMarkedToSpreadTheServersPlaceEverySubdirectory() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().start()) {
            cluster.mountWith(c -> c);
            Path one = cluster.mountPoint(0);
            Path d = Files.createDirectories(one.resolve("volumes"));
            MetricRegistry rpc = cluster.mountClientMetrics(0);
            // Counted once the mount holds the directory: when its delegation is granted depends on timing
            // (a recall while the ask travels puts the next ask off by a second), what is tested is who answers.
            int[] warm = {0};
            Await.until(Duration.ofSeconds(30), () -> {
                long mkdirs = rpc.timer("rpc.client.mkdir.latency").getCount();
                Files.createDirectory(d.resolve("w" + warm[0]++));
                return rpc.timer("rpc.client.mkdir.latency").getCount() == mkdirs;
            }, "a mkdir in the new directory answered by the mount");
            long sent = rpc.timer("rpc.client.mkdir.latency").getCount();
            for (int i = 0; i < 20; i++) {
                Files.createDirectory(d.resolve("a" + i));
            }
            long answeredHere = 20 - (rpc.timer("rpc.client.mkdir.latency").getCount() - sent);
            assertTrue(answeredHere >= 10, "by default the mount answers most mkdirs: " + answeredHere + " of 20");

            setxattr(d, DirectorySpread.NAME, DirectorySpread.ON);
            WfsClient api = cluster.mountClient(0);
            assertEquals(DirectorySpread.ON, new String(api.getxattr(Caller.ROOT, "/volumes", DirectorySpread.name()),
                    java.nio.charset.StandardCharsets.US_ASCII));
            sent = rpc.timer("rpc.client.mkdir.latency").getCount();
            for (int i = 0; i < 20; i++) {
                Files.createDirectory(d.resolve("b" + i));
            }
            assertEquals(20, rpc.timer("rpc.client.mkdir.latency").getCount() - sent, "every mkdir under the mark was sent");
            SlotMap slots = api.slotMap();
            TreeSet<String> groups = new TreeSet<>();
            for (int i = 0; i < 20; i++) {
                groups.add(slots.groupOfIno(api.getattr(Caller.ROOT, "/volumes/b" + i).ino()).id());
            }
            assertEquals(slots.groups().size(), groups.size(), "the marked directory's subdirectories spread over every group");

            io.wfs.common.error.WfsException bad = assertThrows(io.wfs.common.error.WfsException.class,
                    () -> api.setxattr(Caller.ROOT, "/volumes", DirectorySpread.name(), new byte[] {'0'}, 0));
            assertEquals(io.wfs.common.error.WfsErrorCode.EINVAL, bad.code());
            io.wfs.common.error.WfsException notRoot = assertThrows(io.wfs.common.error.WfsException.class,
                    () -> api.setxattr(new Caller(1000, 1000, new int[0]), "/volumes", DirectorySpread.name(), DirectorySpread.on(), 0));
            assertEquals(io.wfs.common.error.WfsErrorCode.EPERM, notRoot.code());

            api.removexattr(Caller.ROOT, "/volumes", DirectorySpread.name());
            // The removal recalled the delegation: the mount asks again a second later, at a mkdir there.
            long grants = rpc.timer("rpc.client.delegate_creates.latency").getCount();
            int[] made = {0};
            Await.until(Duration.ofSeconds(30), () -> {
                Files.createDirectory(d.resolve("c" + made[0]++));
                return rpc.timer("rpc.client.delegate_creates.latency").getCount() > grants;
            }, "the mount holds the directory again");
            sent = rpc.timer("rpc.client.mkdir.latency").getCount();
            for (int i = 0; i < 20; i++) {
                Files.createDirectory(d.resolve("u" + i));
            }
            answeredHere = 20 - (rpc.timer("rpc.client.mkdir.latency").getCount() - sent);
            assertTrue(answeredHere >= 10, "unmarked, the mount answers again: " + answeredHere + " of 20");
            assertEquals(60 + warm[0] + made[0], AsyncCreatesIT.names(d).size());
        }
    }

    /** setxattr through the mount, as root does with setfattr (Java's own view reaches only user.*). */
    static void setxattr(Path path, String name, String value) throws Exception {
        AsyncCreatesIT.run(path.getParent(), "python3", "-c", "import os, sys; os.setxattr(sys.argv[1], sys.argv[2], sys.argv[3].encode())",
                path.toString(), name, value);
    }

    /**
     * Asynchronous rmdir: directories a mount made under a delegation, with nothing put in them,
     * are removed by the mount in the parent's batches; one another mount looked into (the leader
     * recalled it) or that got a file goes to the servers, which answer ENOTEMPTY when it is not empty.
     */
    @Test
    void emptyDirectoriesTheMountMadeAreRemovedInItsBatchesAndOthersAsBefore() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(2).uncachedMounts().mountSettings(AsyncMkdirIT::asyncMkdirs).start()) {
            Path one = cluster.mountPoint(0);
            Path two = cluster.mountPoint(1);
            Files.createDirectories(one.resolve("d"));
            for (int i = 0; i < DIRS; i++) {
                Files.createDirectory(one.resolve("d/s" + i));
            }
            Files.createDirectory(one.resolve("d/filled"));
            Files.createDirectory(one.resolve("d/seen"));
            Files.createFile(one.resolve("d/filled/f"));
            MetricRegistry oneRpc = cluster.mountClientMetrics(0);
            long before = oneRpc.timer("rpc.client.rmdir.latency").getCount();
            for (int i = 0; i < DIRS; i++) {
                Files.delete(one.resolve("d/s" + i));
            }
            long rmdirs = oneRpc.timer("rpc.client.rmdir.latency").getCount() - before;
            assertTrue(rmdirs < DIRS / 2, "most rmdirs were answered by the mount: " + rmdirs + " sent");
            // The other mount looks into seen (the leader recalls it from the first) and puts a file there.
            assertEquals(List.of(), AsyncCreatesIT.names(two.resolve("d/seen")));
            Files.writeString(two.resolve("d/seen/theirs"), "x");
            // The first mount holds d again (it asks a second after the recall, at a create there):
            // its rmdir of seen must still go to the servers, which know seen is not empty.
            long grants = oneRpc.timer("rpc.client.delegate_creates.latency").getCount();
            int[] made = {0};
            Await.until(Duration.ofSeconds(30), () -> {
                Files.createFile(one.resolve("d/again" + made[0]++));
                return oneRpc.timer("rpc.client.delegate_creates.latency").getCount() > grants;
            }, "the first mount holds d again");
            assertThrows(java.nio.file.DirectoryNotEmptyException.class, () -> Files.delete(one.resolve("d/filled")));
            assertThrows(java.nio.file.DirectoryNotEmptyException.class, () -> Files.delete(one.resolve("d/seen")));
            for (int i = 0; i < made[0]; i++) {
                Files.delete(one.resolve("d/again" + i));
            }
            assertEquals(List.of("filled", "seen"), AsyncCreatesIT.names(two.resolve("d")), "the other mount at once");
            assertEquals(4, cluster.mountClient(1).getattr(Caller.ROOT, "/d").nlink());
            assertEquals(4, cluster.mountClient(0).getattr(Caller.ROOT, "/d").nlink());
            Files.delete(one.resolve("d/filled/f"));
            Files.delete(one.resolve("d/filled"));
            Files.delete(two.resolve("d/seen/theirs"));
            Files.delete(one.resolve("d/seen"));
            assertEquals(List.of(), AsyncCreatesIT.names(two.resolve("d")));
            assertEquals(0L, oneRpc.getGauges().get("client.async_creates.lost").getValue(), "no rmdir was refused");
        }
    }

    /**
     * A meta leader killed while a mount makes directories: every one acknowledged is there. Then
     * the mount itself is killed with -9: what it made before its last fsync of the directory is
     * there, what came after may be lost, and what is there is whole (the parent's link count
     * matches its subdirectories, each listable).
     */
    @Test
    void mkdirsSurviveALeaderKillAndAClientKillLosesOnlyWhatCameAfterItsLastFsync() throws Exception {
        try (MiniCluster cluster = ManagerTopology.processClusterWithFastFailover().mounts(1).uncachedMounts()
                .mountSettings(AsyncMkdirIT::asyncMkdirs).start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), Duration.ofSeconds(1))) {
            SlotMap slots = view.awaitLedAndWritable();
            ProcessMount client = cluster.mountProcess(Map.of(ClientConfigKeys.ASYNC_MKDIRS.name(), "true"));
            Path one = client.mountPoint();
            Path two = cluster.mountPoint(0);
            Files.createDirectories(one.resolve("d"));
            long dir = cluster.mountClient(0).getattr(Caller.ROOT, "/d").ino();
            ConcurrentLinkedQueue<String> acknowledged = new ConcurrentLinkedQueue<>();
            AtomicReference<Exception> failed = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    for (int i = 0; i < 2 * DIRS; i++) {
                        Files.createDirectory(one.resolve("d/s" + i));
                        acknowledged.add("s" + i);
                    }
                } catch (Exception e) {
                    failed.set(e);
                }
            });
            writer.start();
            Await.until(Duration.ofSeconds(60), () -> acknowledged.size() >= DIRS / 2, "a hundred mkdirs acknowledged");
            Objects.requireNonNull(ManagedMetaNodes.leaderOf(cluster.metaNodes(), slots.groupOfIno(dir).id()),
                    "the group has a leader").kill();
            writer.join(TimeUnit.MINUTES.toMillis(5));
            assertFalse(writer.isAlive(), "the mkdirs finished");
            assertEquals(null, failed.get(), "no mkdir failed across the leader change");
            TreeSet<String> seen = new TreeSet<>(AsyncCreatesIT.names(two.resolve("d")));
            List<String> missing = new ArrayList<>();
            for (String name : acknowledged) {
                if (!seen.contains(name)) {
                    missing.add(name);
                }
            }
            assertEquals(List.of(), missing, "every acknowledged mkdir is on the other mount");

            // The client dies: what an fsync of the directory covered stays.
            Path e = Files.createDirectories(one.resolve("e"));
            for (int i = 0; i < 50; i++) {
                Files.createDirectory(e.resolve("t" + i));
            }
            try (FileChannel d = FileChannel.open(e, StandardOpenOption.READ)) {
                d.force(true);
            }
            for (int i = 50; i < 100; i++) {
                Files.createDirectory(e.resolve("t" + i));
            }
            client.kill();
            List<String> after = AsyncCreatesIT.names(two.resolve("e"));
            for (int i = 0; i < 50; i++) {
                assertTrue(after.contains("t" + i), "t" + i + " was made before the fsync: " + after);
            }
            assertEquals(2 + after.size(), cluster.mountClient(0).getattr(Caller.ROOT, "/e").nlink(),
                    "the parent counts exactly the subdirectories it lists");
            for (String name : after) {
                assertEquals(List.of(), AsyncCreatesIT.names(two.resolve("e").resolve(name)), name + " is whole");
                assertEquals(2, cluster.mountClient(0).getattr(Caller.ROOT, "/e/" + name).nlink(), name);
            }
        }
    }
}
