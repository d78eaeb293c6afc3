package io.wfs.client.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache on a disk smaller than its --cache-size (a 1 MiB tmpfs this test mounts): writes that
 * fail with ENOSPC lower the limit to what fits, eviction makes room, and every read answers the
 * right bytes or a miss.
 */
class FullDiskCacheTest {
    @TempDir
    Path dir;

    @Test
    void aFullDiskLowersTheLimitAndReadsStayCorrect() throws Exception {
        Path disk = dir.resolve("tmpfs");
        Files.createDirectories(disk);
        run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.toString());
        try {
            MetricRegistry registry = new MetricRegistry();
            try (FolderBlockDiskCache c = FolderBlockDiskCache.open(disk.resolve("cache"), 1L << 30, 1, registry)) {
                for (int i = 0; i < 40; i++) {
                    c.put(1, i, 0, FolderBlockDiskCacheTest.chunk(i));
                    c.drain();
                }
                assertTrue(registry.counter("client.cache.errors").getCount() > 0, "the disk filled up");
                assertTrue(c.enabled(), "a full disk is not a broken one: the cache goes on within what fits");
                assertTrue(c.usedBytes() <= 1 << 20);
                int hits = 0;
                for (int i = 0; i < 40; i++) {
                    byte[] got = c.get(1, i, 0, 1);
                    if (got != null) {
                        assertArrayEquals(FolderBlockDiskCacheTest.chunk(i), got);
                        hits++;
                    }
                }
                assertTrue(hits > 0, "the newest entries are there");
                assertEquals(hits, c.entries());
                long errors = registry.counter("client.cache.errors").getCount();
                c.put(1, 100, 0, FolderBlockDiskCacheTest.chunk(100));
                c.drain();
                assertArrayEquals(FolderBlockDiskCacheTest.chunk(100), c.get(1, 100, 0, 1),
                        "once lowered, the limit evicts before writing instead of failing");
                assertEquals(errors, registry.counter("client.cache.errors").getCount());
            }
        } finally {
            run("umount", disk.toString());
        }
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", command) + ": " + out);
    }
}
