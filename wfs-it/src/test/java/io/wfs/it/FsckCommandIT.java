package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.WfsCommand;
import io.wfs.cli.fsck.FsckCommand;
import io.wfs.client.Caller;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.client.WfsFile;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.msg.store.DeleteBlocksRequest;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.posix.Posix;
import io.wfs.common.testing.Await;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.server.MetaServer;
import io.wfs.store.disk.BlockLocation;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.server.StoreServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/**
 * The {@code wfs fsck} command itself, booting from the manager of the {@code wfs local}
 * cluster like any client: exit 0 and a clean report after files written through the client,
 * exit 1 and the damage named once an entry to a missing inode is put in the root, or a block is
 * lost on one replica.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FsckCommandIT {
    private MiniCluster cluster;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        cluster = MiniCluster.builder().localCluster().start();
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    /**
     * {@code wfs bench fill} against the same cluster (how the 10 M-file figure was made): every
     * file it reports is there, and fsck counts them; bad sizes are a usage error.
     */
    @Test
    void benchFillMakesTheFilesItReports() throws Exception {
        assertEquals(2, wfs("bench", "fill", "--files", "10", "--dirs", "0"), err.toString());
        assertEquals(0, wfs("bench", "fill", "--files", "500", "--dirs", "7", "--threads", "3", "--no-progress"),
                out + "\n" + err);
        assertTrue(out.toString().contains("files=500 dirs=7 threads=3"), out.toString());
        assertEquals(0, fsck("--no-progress"), out + "\n" + err);
        // The root, /fill, 7 directories and 500 files.
        assertTrue(out.toString().contains("509 inodes, 9 directories"), out.toString());
    }

    private int wfs(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine cl = WfsCommand.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        String[] all = java.util.Arrays.copyOf(args, args.length + 4);
        all[args.length] = "--manager";
        all[args.length + 1] = cluster.localCluster().managerAddress();
        all[args.length + 2] = "--set";
        all[args.length + 3] = "cluster.secret-file=" + cluster.localCluster().secretFile();
        return cl.execute(all);
    }

    private int fsck(String... options) {
        String[] args = new String[options.length + 1];
        args[0] = "fsck";
        System.arraycopy(options, 0, args, 1, options.length);
        return wfs(args);
    }

    @Test
    void cleanAfterClientWritesThenDamageIsExit1() throws Exception {
        writeTwelveFiles();
        assertEquals(0, fsck("--json", "--no-progress"), err.toString());
        assertTrue(out.toString().contains("\"clean\" : true"), out.toString());
        assertTrue(out.toString().contains("\"inodes\" : 17"), out.toString());
        assertTrue(out.toString().contains("\"files_checked\" : 12"), out.toString());

        assertEquals(0, fsck("--page", "2"), err.toString());
        assertTrue(out.toString().contains("DANGLING_ENTRY"), out.toString());
        assertTrue(out.toString().contains("clean"), out.toString());
        assertTrue(err.toString().contains("fsck namespace"), "a progress bar on stderr: " + err);

        long missing = InodeNumbers.of(InodeNumbers.slotOf(InodeNumbers.ROOT), 1L << 40);
        onEveryReplicaOf(InodeNumbers.ROOT, slot -> slot.insertEntry(InodeNumbers.ROOT,
                "ghost".getBytes(StandardCharsets.UTF_8), missing, Posix.S_IFREG | 0644));
        assertEquals(FsckCommand.EXIT_DAMAGED, fsck("--no-progress"), err.toString());
        assertTrue(out.toString().contains("missing inode " + InodeNumbers.toString(missing)), out.toString());
        assertTrue(out.toString().contains("DAMAGED"), out.toString());

        // A slice naming a volume the route does not have, on every replica of the file's group.
        long file = fileIno("/d1/f2");
        onEveryReplicaOf(file, slot -> slot.files().addSlice(file, 4096, 4096, 999_999, (file >>> 52 << 52) | (1L << 40), 0,
                new it.unimi.dsi.fastutil.longs.LongArrayList()));
        assertEquals(FsckCommand.EXIT_DAMAGED, fsck("--no-progress"), err.toString());
        assertTrue(out.toString().contains("UNKNOWN_VOLUME") && out.toString().contains("999999"), out.toString());

        // A size cut below the file's data without its slices (no operation does that: written
        // straight into the inode record's size word, on every replica).
        long shrunk = fileIno("/d2/f1");
        onEveryReplicaOf(shrunk, slot -> setSizeWord(slot, shrunk, 3));
        assertEquals(FsckCommand.EXIT_DAMAGED, fsck("--no-progress"), err.toString());
        assertTrue(out.toString().contains("SLICE_PAST_EOF: file " + Long.toUnsignedString(shrunk) + ": a slice of 8 bytes at 0 "
                + "ends past its size 3"), out.toString());
    }

    /** Changes the slot of {@code ino} on every replica of its group (all in this JVM), so whichever leads has it. */
    private void onEveryReplicaOf(long ino, java.util.function.Consumer<io.wfs.meta.namespace.SlotState> change) {
        for (MetaServer server : cluster.localCluster().metaServers()) {
            server.replicas().forEach(r -> {
                if (r.machine().owns(InodeNumbers.slotOf(ino))) {
                    r.machine().read(ns -> {
                        change.accept(ns.slotOf(ino));
                        return null;
                    });
                }
            });
        }
    }

    /** The inode's size word alone, slices untouched: damage no request can make. */
    private static void setSizeWord(io.wfs.meta.namespace.SlotState slot, long ino, long size) {
        try {
            java.lang.reflect.Method position = slot.getClass().getDeclaredMethod("position", long.class);
            position.setAccessible(true);
            java.lang.reflect.Field tableField = slot.getClass().getDeclaredField("table");
            tableField.setAccessible(true);
            Object table = tableField.get(slot);
            java.lang.reflect.Method set = table.getClass().getDeclaredMethod("set", int.class, int.class, long.class);
            set.setAccessible(true);
            java.lang.reflect.Field sizeWord = Class.forName("io.wfs.meta.namespace.InodeRecord").getDeclaredField("SIZE");
            sizeWord.setAccessible(true);
            set.invoke(table, position.invoke(slot, ino), sizeWord.getInt(null), size);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("the test hook no longer matches SlotState's layout", e);
        }
    }

    private long fileIno(String path) throws Exception {
        WfsConfig config = WfsConfig.defaults().with(ClientConfigKeys.MANAGERS, cluster.localCluster().managerAddress());
        try (WfsClient client = new WfsClient(config, cluster.localCluster().secret(), new MetricRegistry())) {
            return client.getattr(Caller.ROOT, path).ino();
        }
    }

    /** Four directories of three small files, written through a client. */
    private void writeTwelveFiles() throws Exception {
        WfsConfig config = WfsConfig.defaults().with(ClientConfigKeys.MANAGERS, cluster.localCluster().managerAddress());
        try (WfsClient client = new WfsClient(config, cluster.localCluster().secret(), new MetricRegistry())) {
            Await.until(Duration.ofSeconds(30), () -> client.getattr(Caller.ROOT, "/") != null, () -> "the root exists");
            for (int d = 0; d < 4; d++) {
                client.mkdir(Caller.ROOT, "/d" + d, 0755);
                for (int f = 0; f < 3; f++) {
                    WfsFile file = client.open(Caller.ROOT, "/d" + d + "/f" + f, Posix.O_CREAT | Posix.O_WRONLY, 0644);
                    byte[] data = ("file " + d + "/" + f).getBytes(StandardCharsets.UTF_8);
                    client.write(file, 0, data, data.length);
                    client.release(file);
                }
            }
        }
    }

    /**
     * A block lost on one replica (deleted there alone, as a disk that lost it would have it) is
     * found by the data check: exit 1, the file, block, volume and store named; --no-data does
     * not look and finds the namespace clean (with --repair too: it repairs the namespace only);
     * --repair copies it back, and the next check is clean.
     * Then a stopped store: its volumes are UNDER_REPLICATED, and its replicas are not asked.
     */
    @Test
    void aBlockMissingOnOneReplicaIsExit1() throws Exception {
        writeTwelveFiles();
        assertEquals(0, fsck("--no-progress"), out + "\n" + err);
        assertTrue(out.toString().contains("12 files and"), out.toString());

        StoreServer store = cluster.localCluster().stores().get(0);
        VolumeReplica volume = store.volumes().all().stream().filter(v -> v.liveBlocksAfter(0, 1).length > 0)
                .findFirst().orElseThrow();
        long block = volume.liveBlocksAfter(0, 1)[0];
        WfsConfig config = WfsConfig.defaults();
        try (RpcClient rpc = new RpcClient("fsck-it", RpcOptions.from(config), cluster.localCluster().secret(),
                new MetricRegistry())) {
            assertEquals(1, rpc.call(store.rpcAddress(), new DeleteBlocksRequest(volume.id(), new long[] {block}))
                    .get(30, TimeUnit.SECONDS).deleted());
        }

        assertEquals(FsckCommand.EXIT_DAMAGED, fsck("--no-progress"), out + "\n" + err);
        assertTrue(out.toString().contains("block " + block + " of volume " + volume.id() + " is missing on store "
                + store.selfAddress()), out.toString());
        assertTrue(out.toString().contains("MISSING_BLOCK"), out.toString());
        assertEquals(0, fsck("--no-progress", "--no-data"), out + "\n" + err);
        assertTrue(out.toString().contains("data not checked"), out.toString());
        // --repair without the data check repairs the namespace only: nothing to do here, the block stays missing.
        assertEquals(0, fsck("--no-progress", "--no-data", "--repair"), out + "\n" + err);
        assertTrue(!out.toString().contains("REPAIRED"), out.toString());
        assertEquals(2, fsck("--page", "0"), "a usage error: " + err);

        // --repair copies it back from a replica that has it; still exit 1: damage was found.
        assertEquals(FsckCommand.EXIT_DAMAGED, fsck("--no-progress", "--repair"), out + "\n" + err);
        assertTrue(out.toString().contains("REPAIRED: file "), out.toString());
        assertTrue(out.toString().contains("1 repaired, 0 could not be repaired"), out.toString());
        long location = volume.location(block);
        assertTrue(location != 0 && !BlockLocation.isDeleted(location), "the block is back on store 0");
        assertEquals(0, fsck("--no-progress"), out + "\n" + err);

        // A store the manager sees down: its volumes are short of a replica, and it is not asked.
        cluster.localCluster().stopStore(2);
        Await.until(Duration.ofSeconds(60), () -> fsck("--no-progress") == FsckCommand.EXIT_DAMAGED,
                () -> "fsck sees the stopped store's volumes: " + out + err);
        assertTrue(out.toString().contains("UNDER_REPLICATED") && out.toString().contains(": 2 of 3 replicas on live stores"),
                out.toString());
        assertTrue(!out.toString().contains("is missing on store"), out.toString());
    }
}
