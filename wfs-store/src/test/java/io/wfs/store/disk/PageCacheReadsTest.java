package io.wfs.store.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import jnr.ffi.LibraryLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads that never wait for the disk ({@link VolumeReplica#readIfCached}): what the page cache holds
 * reads back exactly as {@link VolumeReplica#read(long, int, int)} does, with the same checks; what
 * it does not hold, a range over {@link PageCacheReads#MAX_BYTES}, an absent block or a closed
 * volume gives null (the worker reads it), never wrong bytes.
 */
class PageCacheReadsTest {
    private static final int CHUNK = ChunkCrcs.CHUNK;

    /** posix_fadvise(2), to drop an extent's clean pages as memory pressure would. */
    public interface FadviseLibC {
        int posix_fadvise(int fd, long offset, long len, int advice);

        int open(String path, int flags);

        int close(int fd);
    }

    @TempDir
    Path dir;

    @Test
    void whatThePageCacheHoldsReadsBackAsTheDiskReadDoes() throws Exception {
        assumeTrue(PageCacheReads.available(), "preadv2(RWF_NOWAIT) is not available here");
        int[] sizes = {1, 4096, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 17, 4 << 20};
        try (VolumeReplica v = TestBlocks.volume(dir)) {
            for (int s = 0; s < sizes.length; s++) {
                byte[] block = TestBlocks.random(sizes[s], s);
                v.append(s + 1, block, Crc.of(block), false);
                int n = block.length;
                int[][] ranges = {{0, 1}, {0, n}, {n - 1, 1}, {CHUNK - 1, 2}, {CHUNK, 4096},
                        {Math.max(0, n - 10), 100}, {n, 10}, {1, CHUNK * 2}};
                for (int[] r : ranges) {
                    BlockRange disk = v.read(s + 1, r[0], r[1]);
                    BlockRange cached = v.readIfCached(s + 1, r[0], r[1]);
                    if (disk.diskBytes() > PageCacheReads.MAX_BYTES) {
                        assertNull(cached, "a range reading " + disk.diskBytes() + " bytes goes to the workers");
                        continue;
                    }
                    assertNotNull(cached, "block of " + n + " bytes, range " + r[0] + "+" + r[1] + ", just written");
                    assertArrayEquals(disk.data(), cached.data(), "block of " + n + " bytes, range " + r[0] + "+" + r[1]);
                    assertEquals(disk.blockLength(), cached.blockLength());
                    assertEquals(disk.crc(), cached.crc());
                    assertEquals(disk.diskBytes(), cached.diskBytes());
                }
            }
            assertNull(v.readIfCached(99, 0, 4096), "an absent block is the worker's to report (ENOENT)");
        }
    }

    @Test
    void pagesTheCacheDroppedAreLeftToTheWorkers() throws Exception {
        assumeTrue(PageCacheReads.available(), "preadv2(RWF_NOWAIT) is not available here");
        assumeTrue(!"tmpfs".equals(Files.getFileStore(dir).type()), "tmpfs keeps every page in memory");
        byte[] block = TestBlocks.random(1 << 20, 3);
        try (VolumeReplica v = TestBlocks.volume(dir)) {
            v.append(1, block, Crc.of(block), false);
            Path extent = dir.resolve("volume-1").resolve(String.format("extent-%08d.dat", BlockLocation.extent(v.location(1))));
            try (RandomAccessFile f = new RandomAccessFile(extent.toFile(), "rw")) {
                f.getFD().sync(); // only clean pages can be dropped
            }
            FadviseLibC libc = LibraryLoader.create(FadviseLibC.class).load("c");
            // DONTNEED is advice: a page busy at that moment stays (CI once kept the chunk), so advise again until it went.
            io.wfs.common.testing.Await.until(java.time.Duration.ofSeconds(30), () -> {
                int fd = libc.open(extent.toString(), 0);
                assertTrue(fd >= 0);
                try {
                    assertEquals(0, libc.posix_fadvise(fd, 0, 0, 4 /* POSIX_FADV_DONTNEED */));
                } finally {
                    libc.close(fd);
                }
                return v.readIfCached(1, 5 * CHUNK, 4096) == null;
            }, "the chunk on disk only, after posix_fadvise(DONTNEED) of the extent");
            assertArrayEquals(Arrays.copyOfRange(block, 5 * CHUNK, 5 * CHUNK + 4096), v.read(1, 5 * CHUNK, 4096).data());
            BlockRange again = v.readIfCached(1, 5 * CHUNK, 4096);
            assertNotNull(again, "the disk read brought the chunk and its CRC into the page cache");
            assertArrayEquals(Arrays.copyOfRange(block, 5 * CHUNK, 5 * CHUNK + 4096), again.data());
        }
    }

    @Test
    void aDamagedChunkFailsItsCheckAsOnTheDisk() throws Exception {
        assumeTrue(PageCacheReads.available(), "preadv2(RWF_NOWAIT) is not available here");
        byte[] block = TestBlocks.random(1 << 20, 4);
        try (VolumeReplica v = TestBlocks.volume(dir)) {
            v.append(1, block, Crc.of(block), false);
            ExtentDamage.flip(dir.resolve("volume-1"), v.location(1), 2 * CHUNK + 7, 0x01);
            CorruptBlockException e = assertThrows(CorruptBlockException.class, () -> v.readIfCached(1, 2 * CHUNK, 4096));
            assertEquals(v.location(1), e.location());
            assertArrayEquals(Arrays.copyOfRange(block, 3 * CHUNK, 3 * CHUNK + 4096), v.readIfCached(1, 3 * CHUNK, 4096).data());
        }
    }

    @Test
    void aKernelThatRefusesTheFlagLeavesEveryReadToTheWorkers() throws Exception {
        assumeTrue(PageCacheReads.available(), "preadv2(RWF_NOWAIT) is not available here");
        byte[] block = TestBlocks.random(8192, 6);
        try (VolumeReplica v = TestBlocks.volume(dir)) {
            v.append(1, block, Crc.of(block), false);
            assertNotNull(v.readIfCached(1, 0, 4096));
            PageCacheReads.refuse(true); // what EOPNOTSUPP, EINVAL or ENOSYS from preadv2 does
            try {
                assertNull(v.readIfCached(1, 0, 4096), "refused: the worker reads it");
                assertArrayEquals(Arrays.copyOfRange(block, 0, 4096), v.read(1, 0, 4096).data());
            } finally {
                PageCacheReads.refuse(false);
            }
        }
    }

    @Test
    void aClosedVolumeGivesNoBytesAndNoDescriptorOfAnotherFile() throws Exception {
        assumeTrue(PageCacheReads.available(), "preadv2(RWF_NOWAIT) is not available here");
        byte[] block = TestBlocks.random(8192, 5);
        VolumeReplica v = TestBlocks.volume(dir);
        v.append(1, block, Crc.of(block), false);
        assertNotNull(v.readIfCached(1, 0, 4096), "the extent's second descriptor is open before the close");
        v.close();
        // Files opened now may get the closed extent's descriptor numbers: a read through a stale one would return their bytes.
        List<RandomAccessFile> others = new ArrayList<>();
        try {
            for (int i = 0; i < 8; i++) {
                Path p = dir.resolve("other-" + i);
                Files.write(p, TestBlocks.random(8192, 100 + i));
                others.add(new RandomAccessFile(p.toFile(), "r"));
            }
            assertNull(v.readIfCached(1, 0, 4096));
        } finally {
            for (RandomAccessFile f : others) {
                f.close();
            }
        }
    }
}
