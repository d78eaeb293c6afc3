package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.client.ClientConfigKeys;
import io.wfs.common.testing.Await;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A small file opened for reading is fetched as its open returns (client.open-prefetch, off by default), through a
 * real mount of a real cluster: the store is asked before the application reads, the first read
 * waits on that fetch instead of asking again (one store read per file), and the bytes are the
 * file's. A file larger than the limit, and a file opened write-only, are not fetched at their open.
 */
@Timeout(120)
class OpenPrefetchIT {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aSmallFileIsFetchedAtItsOpenAndItsFirstReadUsesThatFetch() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(1).start()) {
            Path dir = cluster.mountPoint(0).resolve("prefetch");
            Files.createDirectories(dir);
            Random random = new Random(17);
            byte[][] small = new byte[8][];
            for (int i = 0; i < small.length; i++) {
                small[i] = new byte[i % 2 == 0 ? 4096 : 128 << 10];
                random.nextBytes(small[i]);
                Files.write(dir.resolve("s" + i), small[i]);
            }
            byte[] large = new byte[(256 << 10) + 1];
            random.nextBytes(large);
            Files.write(dir.resolve("large"), large);

            // A mount of its own (nothing of these files is cached in its client), prefetching up to 256 KiB.
            int reader = cluster.mountWith(c -> c.with(ClientConfigKeys.OPEN_PREFETCH, 256L << 10));
            Path there = cluster.mountPoint(reader).resolve("prefetch");
            for (int i = 0; i < small.length; i++) {
                long before = storeReads(cluster, reader);
                long prefetched = prefetches(cluster, reader);
                try (FileChannel ch = FileChannel.open(there.resolve("s" + i), StandardOpenOption.READ)) {
                    assertEquals(prefetched + 1, prefetches(cluster, reader), "s" + i + ": a fetch started in its open");
                    Await.until(WAIT, () -> storeReads(cluster, reader) == before + 1, "s" + i + " fetched at its open, unread");
                    ByteBuffer all = ByteBuffer.allocate(small[i].length + 1);
                    while (ch.read(all) > 0) {
                        // The whole file, then its end.
                    }
                    assertArrayEquals(small[i], java.util.Arrays.copyOf(all.array(), all.position()), "s" + i);
                }
                assertEquals(before + 1, storeReads(cluster, reader), "s" + i + ": the read waited on the open's fetch");
            }

            // Above client.open-prefetch (256 KiB here): its one read of a chunk is the first read's.
            // (The counter moves in the open itself, so what it says once an open returned is final.)
            long prefetched = prefetches(cluster, reader);
            try (FileChannel ch = FileChannel.open(there.resolve("large"), StandardOpenOption.READ)) {
                assertEquals(prefetched, prefetches(cluster, reader), "a large file is not fetched at its open");
                ByteBuffer all = ByteBuffer.allocate(large.length);
                while (all.hasRemaining() && ch.read(all) > 0) {
                    // Until the buffer is full.
                }
                assertArrayEquals(large, all.array());
            }
            try (FileChannel ch = FileChannel.open(there.resolve("s0"), StandardOpenOption.WRITE)) {
                assertEquals(prefetched, prefetches(cluster, reader), "a file opened write-only is not fetched");
            }
        }
    }

    @Test
    void offByDefaultTheFirstReadFetches() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(1).start()) {
            byte[] data = new byte[4096];
            new Random(3).nextBytes(data);
            Files.write(cluster.mountPoint(0).resolve("f"), data);
            int reader = cluster.mountWith(c -> c);
            Path f = cluster.mountPoint(reader).resolve("f");
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
                assertEquals(0, prefetches(cluster, reader), "nothing fetched at the open");
                ByteBuffer all = ByteBuffer.allocate(data.length);
                while (all.hasRemaining() && ch.read(all) > 0) {
                    // Until the buffer is full.
                }
                assertArrayEquals(data, all.array());
            }
            assertEquals(1, storeReads(cluster, reader), "the first read fetched");
        }
    }

    private static long prefetches(MiniCluster cluster, int mount) {
        return cluster.mountClientMetrics(mount).counter("client.read.open_prefetches").getCount();
    }

    private static long storeReads(MiniCluster cluster, int mount) {
        return cluster.mountClientMetrics(mount).timer("rpc.client.read_block.latency").getCount();
    }
}
