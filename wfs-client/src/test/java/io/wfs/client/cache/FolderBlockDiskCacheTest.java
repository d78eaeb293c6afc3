package io.wfs.client.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local read cache on a real folder: round trips, remount, LRU within the size limit, damage, a deleted folder. */
class FolderBlockDiskCacheTest {
    private static final long CLUSTER = 0x5eedL;
    private static final int CHUNK = 64 << 10;

    @TempDir
    Path dir;
    private final MetricRegistry registry = new MetricRegistry();

    private FolderBlockDiskCache open(long limit) throws IOException {
        return FolderBlockDiskCache.open(dir.resolve("cache"), limit, CLUSTER, registry);
    }

    static byte[] chunk(long seed) {
        byte[] b = new byte[CHUNK];
        new Random(seed).nextBytes(b);
        return b;
    }

    private long count(String name) {
        return registry.counter("client.cache." + name).getCount();
    }

    @Test
    void aMountHasNoCacheWithoutAFolderOrAClusterIdAndFailsOnAFolderItCannotUse() throws Exception {
        assertTrue(FolderBlockDiskCache.forMount(" ", 1L << 30, CLUSTER, registry) == BlockDiskCache.NONE);
        assertTrue(FolderBlockDiskCache.forMount(dir.resolve("c").toString(), 1L << 30, 0, registry) == BlockDiskCache.NONE,
                "a cluster without an id yet");
        Path file = Files.writeString(dir.resolve("a-file"), "not a folder");
        io.wfs.common.error.WfsException e = assertThrows(io.wfs.common.error.WfsException.class,
                () -> FolderBlockDiskCache.forMount(file.toString(), 1L << 30, CLUSTER, registry));
        assertEquals(io.wfs.common.error.WfsErrorCode.EINVAL, e.code(), e.getMessage());
        try (BlockDiskCache c = FolderBlockDiskCache.forMount(dir.resolve("ok").toString(), 1L << 30, CLUSTER, registry)) {
            assertTrue(c instanceof FolderBlockDiskCache);
        }
    }

    @Test
    void entriesReadBackEqualAndSurviveARemount() throws Exception {
        try (FolderBlockDiskCache c = open(1L << 30)) {
            assertNull(c.get(1, 10, 0, 1), "empty");
            for (int i = 0; i < 5; i++) {
                c.put(1, 10 + i, 0, chunk(i));
            }
            c.drain();
            assertArrayEquals(chunk(3), c.get(1, 13, 0, CHUNK));
            assertNull(c.get(2, 13, 0, 1), "another volume's block of the same id is another key");
            assertNull(c.get(1, 13, CHUNK, 1), "another offset is another key");
            assertNull(c.get(1, 13, 0, CHUNK + 1), "an entry shorter than the read needs is a miss");
        }
        try (FolderBlockDiskCache c = open(1L << 30)) {
            assertEquals(5, c.entries(), "the index is rebuilt from the folder");
            for (int i = 0; i < 5; i++) {
                assertArrayEquals(chunk(i), c.get(1, 10 + i, 0, CHUNK));
            }
            assertEquals(5, count("hits") - 1);
        }
    }

    @Test
    void theLeastRecentlyUsedBlockGoesFirstAndTheLimitHolds() throws Exception {
        long limit = 3 * CacheEntryFile.size(CHUNK);
        try (FolderBlockDiskCache c = open(limit)) {
            c.put(1, 1, 0, chunk(1));
            c.put(1, 2, 0, chunk(2));
            c.put(1, 3, 0, chunk(3));
            c.drain();
            assertArrayEquals(chunk(1), c.get(1, 1, 0, CHUNK), "block 1 is now the most recently used");
            c.put(1, 4, 0, chunk(4));
            c.drain();
            assertNull(c.get(1, 2, 0, 1), "block 2 was the least recently used");
            assertArrayEquals(chunk(1), c.get(1, 1, 0, CHUNK));
            assertArrayEquals(chunk(4), c.get(1, 4, 0, CHUNK));
            assertEquals(1, count("evictions"));
            assertTrue(c.usedBytes() <= limit);
            assertEquals(3, entryFiles().count(), "the evicted entry's file is gone too");
        }
        try (FolderBlockDiskCache c = open(CacheEntryFile.size(CHUNK))) {
            assertEquals(1, c.entries(), "a smaller --cache-size at the next mount evicts down to it");
            assertEquals(1, entryFiles().count());
        }
    }

    @Test
    void aDamagedEntryIsAMissAndIsDeleted() throws Exception {
        try (FolderBlockDiskCache c = open(1L << 30)) {
            c.put(1, 7, 0, chunk(7));
            c.put(1, 8, 0, chunk(8));
            c.drain();
            Path seven = entryFiles().filter(p -> p.getFileName().toString().equals("1-7-0")).findFirst().orElseThrow();
            byte[] raw = Files.readAllBytes(seven);
            raw[raw.length - 100] ^= 1;
            Files.write(seven, raw);
            assertNull(c.get(1, 7, 0, 1), "a CRC mismatch is never served");
            assertEquals(1, count("corrupt"));
            c.drain();
            assertFalse(Files.exists(seven));
            // A stray file under the key's name is replaced by the next write of the key.
            Path eight = entryFiles().findFirst().orElseThrow();
            Files.copy(eight, seven);
            c.put(1, 7, 0, chunk(7));
            c.drain();
            assertArrayEquals(chunk(7), c.get(1, 7, 0, CHUNK), "rewritten after the damage");
        }
    }

    @Test
    void aFileUnderAnotherKeysNameIsNotServed() throws Exception {
        try (FolderBlockDiskCache c = open(1L << 30)) {
            c.put(1, 8, 0, chunk(8));
            c.drain();
        }
        Path eight = entryFiles().findFirst().orElseThrow();
        Path seven = dir.resolve("cache/c-" + Long.toHexString(CLUSTER)).resolve(CacheEntryFile.shard(7)).resolve("1-7-0");
        Files.createDirectories(seven.getParent());
        Files.copy(eight, seven);
        try (FolderBlockDiskCache c = open(1L << 30)) {
            assertEquals(2, c.entries());
            assertNull(c.get(1, 7, 0, 1));
            assertEquals(1, count("corrupt"));
            assertArrayEquals(chunk(8), c.get(1, 8, 0, CHUNK));
        }
    }

    @Test
    void aFolderDeletedUnderTheCacheIsRecreatedAndReadsGoOn() throws Exception {
        try (FolderBlockDiskCache c = open(1L << 30)) {
            c.put(1, 1, 0, chunk(1));
            c.drain();
            CacheFolder.deleteTree(dir.resolve("cache"));
            assertNull(c.get(1, 1, 0, 1), "gone with its folder: a miss, not an error");
            c.drain();
            c.put(1, 2, 0, chunk(2));
            c.drain();
            assertTrue(c.enabled());
            assertArrayEquals(chunk(2), c.get(1, 2, 0, CHUNK), "the folder was made again");
            assertTrue(Files.exists(dir.resolve("cache/lock")));
        }
    }

    @Test
    void aFolderThatCannotBeRecreatedTurnsTheCacheOff() throws Exception {
        try (FolderBlockDiskCache c = open(1L << 30)) {
            CacheFolder.deleteTree(dir.resolve("cache"));
            Files.writeString(dir.resolve("cache"), "a file where the folder was");
            c.put(1, 1, 0, chunk(1));
            c.drain();
            assertFalse(c.enabled());
            assertNull(c.get(1, 1, 0, 1));
            assertEquals(0, registry.gauge("client.cache.enabled", null).getValue());
        }
    }

    @Test
    void aSecondMountCannotTakeTheFolder() throws Exception {
        try (FolderBlockDiskCache c = open(1L << 30)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> open(1L << 30));
            assertTrue(e.getMessage().contains("in use by another mount"), e.getMessage());
        }
        open(1L << 30).close(); // Released at close.
    }

    @Test
    void anotherClustersEntriesAreNeverServed() throws Exception {
        try (FolderBlockDiskCache c = open(1L << 30)) {
            c.put(1, 1, 0, chunk(1));
            c.drain();
        }
        try (FolderBlockDiskCache other = FolderBlockDiskCache.open(dir.resolve("cache"), 1L << 30, 0xbeefL, registry)) {
            assertNull(other.get(1, 1, 0, 1), "the same volume and block id in a new cluster are other bytes");
            assertEquals(0, other.entries());
        }
        assertFalse(Files.exists(dir.resolve("cache/c-" + Long.toHexString(CLUSTER))), "its folder was deleted");
        assertThrows(IllegalArgumentException.class, () -> FolderBlockDiskCache.open(dir.resolve("x"), 1L << 30, 0, registry));
    }

    @Test
    void aFolderThatIsAFileIsRefusedAtMount() throws Exception {
        Files.writeString(dir.resolve("cache"), "not a folder");
        assertThrows(IOException.class, () -> open(1L << 30));
    }

    private Stream<Path> entryFiles() throws IOException {
        Path cluster = dir.resolve("cache/c-" + Long.toHexString(CLUSTER));
        return Files.walk(cluster).filter(Files::isRegularFile).filter(p -> !p.getParent().getFileName().toString().equals("tmp"))
                .toList().stream();
    }
}
