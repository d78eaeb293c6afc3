package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.wfs.client.ClientConfigKeys;
import io.wfs.common.error.WfsException;
import io.wfs.common.testing.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The local read cache (wfs mount --cache-dir) through real FUSE mounts of a real cluster: a
 * second epoch after a remount reads the cache folder and asks no store, a file changed through
 * another mount reads new, and a cache folder deleted under the mount or too small for the data
 * set leaves every read correct. The cache mounts keep no chunks in memory
 * (client.read-cache-chunks=0), so every read that the kernel sends reaches the disk cache.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(120)
class ReadCacheIT {
    private static final int FILES = 24;
    private static final int SMALL = 128 << 10;
    private MiniCluster cluster;
    private Path writer;
    private Path caches;

    @BeforeAll
    void start() throws Exception {
        cluster = MiniCluster.builder().localCluster().mounts(1).start();
        writer = cluster.mountPoint(0);
        caches = Files.createTempDirectory("wfs-read-cache-it");
    }

    @AfterAll
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
        deleteTree(caches);
    }

    private static void deleteTree(Path p) throws java.io.IOException {
        if (Files.exists(p)) {
            try (Stream<Path> walk = Files.walk(p)) {
                for (Path x : walk.sorted(Collections.reverseOrder()).toList()) {
                    Files.deleteIfExists(x);
                }
            }
        }
    }

    private int cacheMount(Path dir, long size) throws Exception {
        return cluster.mountWith(c -> c.with(ClientConfigKeys.CACHE_DIR, dir.toString()).with(ClientConfigKeys.CACHE_SIZE, size)
                .with(ClientConfigKeys.READ_CACHE_CHUNKS, 0));
    }

    /** FILES files of 128 KiB and one of 3 MiB (three 1 MiB chunks), written through the writer mount. */
    private List<byte[]> writeDataSet(String folder) throws Exception {
        Files.createDirectories(writer.resolve(folder));
        List<byte[]> contents = new ArrayList<>();
        for (int i = 0; i <= FILES; i++) {
            byte[] data = new byte[i == FILES ? 3 << 20 : SMALL];
            new Random(folder.hashCode() * 1000L + i).nextBytes(data);
            Files.write(writer.resolve(folder).resolve("f" + i), data);
            contents.add(data);
        }
        return contents;
    }

    /** Reads every file through mount {@code m} in a random order and compares it with what was written. */
    private void readAll(int m, String folder, List<byte[]> contents) throws Exception {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < contents.size(); i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(order.size()));
        for (int i : order) {
            assertArrayEquals(contents.get(i), Files.readAllBytes(cluster.mountPoint(m).resolve(folder).resolve("f" + i)),
                    folder + "/f" + i + " through mount " + m);
        }
    }

    private long storeReads(int m) {
        return cluster.mountClientMetrics(m).timer("rpc.client.read_block.latency").getCount();
    }

    private static long gauge(MetricRegistry r, String name) {
        Gauge<?> g = r.getGauges().get(name);
        return g == null ? -1 : ((Number) g.getValue()).longValue();
    }

    private void awaitCached(int m, long entries) throws InterruptedException {
        Await.until(Duration.ofSeconds(30), () -> gauge(cluster.mountClientMetrics(m), "client.cache.entries") >= entries,
                () -> "the cache writer stored " + entries + " entries; it has "
                        + gauge(cluster.mountClientMetrics(m), "client.cache.entries"));
    }

    @Test
    void aSecondEpochReadsTheCacheAndChangesDeletionsAndASecondMountAreSafe() throws Exception {
        Path dir = caches.resolve("epochs");
        List<byte[]> data = writeDataSet("epochs");
        int m = cacheMount(dir, 1L << 30);
        readAll(m, "epochs", data);
        long entries = FILES + 3;
        awaitCached(m, entries);

        cluster.remount(m);
        assertEquals(entries, gauge(cluster.mountClientMetrics(m), "client.cache.entries"), "rebuilt from the folder");
        readAll(m, "epochs", data);
        assertEquals(0, storeReads(m), "the second epoch after a remount asked no store");
        assertTrue(cluster.mountClientMetrics(m).counter("client.cache.hits").getCount() >= entries);

        // Another mount rewrites a file: the open here sees its new slices, new block ids, no cached bytes.
        byte[] changed = new byte[SMALL];
        new Random(99).nextBytes(changed);
        Files.write(writer.resolve("epochs/f3"), changed);
        data.set(3, changed);
        readAll(m, "epochs", data);
        long reads = storeReads(m);
        // One chunk fetch, or two when the kernel splits the read before the first is on disk.
        assertTrue(reads >= 1 && reads <= 2, "only the rewritten file's new block came from a store: " + reads + " reads");

        // The folder deleted under the live mount: reads go to the stores, the cache starts again.
        deleteTree(dir);
        readAll(m, "epochs", data);
        awaitCached(m, 1);
        assertTrue(Files.exists(dir.resolve("lock")), "the folder and its lock were made again");
        readAll(m, "epochs", data);

        WfsException taken = assertThrows(WfsException.class, () -> cacheMount(dir, 1L << 30));
        assertTrue(taken.getMessage().contains("in use by another mount"), taken.getMessage());
    }

    @Test
    void aCacheSmallerThanTheDataSetEvictsAndReadsStayCorrect() throws Exception {
        List<byte[]> data = writeDataSet("small");
        long limit = 1 << 20;
        int m = cacheMount(caches.resolve("small"), limit);
        readAll(m, "small", data);
        readAll(m, "small", data);
        MetricRegistry r = cluster.mountClientMetrics(m);
        Await.until(Duration.ofSeconds(30), () -> r.counter("client.cache.evictions").getCount() > 0, "the cache evicted");
        assertTrue(gauge(r, "client.cache.used_bytes") <= limit);
        try (Stream<Path> files = Files.walk(caches.resolve("small"))) {
            long onDisk = files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
            assertTrue(onDisk <= limit, onDisk + " bytes in the folder");
        }
    }
}
