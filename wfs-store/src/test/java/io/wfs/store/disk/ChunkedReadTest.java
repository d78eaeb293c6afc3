package io.wfs.store.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Range reads of chunked blocks read and check only the 64 KiB chunks they cover. */
class ChunkedReadTest {
    private static final int CHUNK = ChunkCrcs.CHUNK;

    @TempDir
    Path dir;

    /** Flips byte {@code at} of the extent file, counted from the block's first byte. */
    private void flip(VolumeReplica v, long blockId, long at) throws Exception {
        ExtentDamage.flip(dir.resolve("volume-1"), v.location(blockId), at, 0x10);
    }

    @Test
    void everyRangeReadsBackExactlyAtChunkEdgesAndPastTheEnd() throws Exception {
        int[] sizes = {1, 4096, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 17, 4 << 20};
        try (VolumeReplica v = TestBlocks.volume(dir)) {
            for (int s = 0; s < sizes.length; s++) {
                byte[] block = TestBlocks.random(sizes[s], s);
                v.append(s + 1, block, Crc.of(block), false);
                assertTrue(BlockLocation.isChunked(v.location(s + 1)));
                int n = block.length;
                int[][] ranges = {{0, 1}, {0, n}, {n - 1, 1}, {CHUNK - 1, 2}, {CHUNK - 3, 3}, {CHUNK, 4096},
                        {Math.max(0, n - 10), 100}, {n, 10}, {n + 5, 10}, {1, CHUNK * 2}};
                for (int[] r : ranges) {
                    BlockRange got = v.read(s + 1, r[0], r[1]);
                    int from = Math.min(r[0], n);
                    int to = (int) Math.min((long) from + r[1], n);
                    assertArrayEquals(Arrays.copyOfRange(block, from, to), got.data(),
                            "block of " + n + " bytes, range " + r[0] + "+" + r[1]);
                    assertEquals(n, got.blockLength());
                    assertEquals(Crc.of(block), got.crc());
                    int chunks = from == to ? 0 : (to - 1) / CHUNK - from / CHUNK + 1;
                    assertTrue(got.diskBytes() <= chunks * (CHUNK + 4) + ChunkCrcs.trailerBytes(n),
                            "range " + r[0] + "+" + r[1] + " of " + n + " read " + got.diskBytes() + " bytes");
                }
                assertArrayEquals(block, v.read(s + 1));
            }
        }
    }

    @Test
    void aFourKibReadOfAFourMibBlockReadsOneChunkAndItsCrc() throws Exception {
        byte[] block = TestBlocks.random(4 << 20, 9);
        try (VolumeReplica v = TestBlocks.volume(dir)) {
            v.append(1, block, Crc.of(block), false);
            BlockRange middle = v.read(1, 10 * CHUNK + 8192, 4096);
            assertArrayEquals(Arrays.copyOfRange(block, 10 * CHUNK + 8192, 10 * CHUNK + 12_288), middle.data());
            assertEquals(CHUNK + 4, middle.diskBytes(), "one chunk, then its 4-byte CRC");
            BlockRange last = v.read(1, (4 << 20) - 4096, 4096);
            assertEquals(CHUNK + 256, last.diskBytes(), "the last chunk and the trailer after it, in one read");
            BlockRange whole = v.read(1, 0, 4 << 20);
            assertArrayEquals(block, whole.data());
            assertEquals((4 << 20) + 256, whole.diskBytes(), "a whole read: every chunk and the whole trailer");
            BlockRange lastMib = v.read(1, 3 << 20, 1 << 20);
            assertArrayEquals(Arrays.copyOfRange(block, 3 << 20, 4 << 20), lastMib.data());
            assertEquals((1 << 20) + 64, lastMib.diskBytes(), "an aligned 1 MiB read at the end: 16 chunks, 16 CRCs");
        }
    }

    @Test
    void aDamagedChunkFailsOnlyTheReadsThatCoverItAndADamagedCrcEntryFailsItsChunk() throws Exception {
        byte[] block = TestBlocks.random(1 << 20, 10);
        try (VolumeReplica v = TestBlocks.volume(dir)) {
            v.append(1, block, Crc.of(block), false);
            long loc = v.location(1);
            flip(v, 1, 3 * CHUNK + 100);
            CorruptBlockException e = assertThrows(CorruptBlockException.class, () -> v.read(1, 3 * CHUNK, 4096));
            assertEquals(loc, e.location());
            assertEquals(Crc.of(block), e.expectedCrc());
            assertTrue(e.getMessage().contains("chunk at byte " + 3 * CHUNK), e.getMessage());
            assertThrows(CorruptBlockException.class, () -> v.read(1), "a whole read covers the damaged chunk");
            assertArrayEquals(Arrays.copyOfRange(block, 4 * CHUNK, 4 * CHUNK + 4096), v.read(1, 4 * CHUNK, 4096).data(),
                    "the next chunk reads without the damaged one");
            assertArrayEquals(Arrays.copyOfRange(block, 0, 3 * CHUNK), v.read(1, 0, 3 * CHUNK).data());

            flip(v, 1, (1 << 20) + 4 * 7 + 2); // chunk 7's entry in the trailer
            assertThrows(CorruptBlockException.class, () -> v.read(1, 7 * CHUNK + 5, 10));
            v.read(1, 8 * CHUNK, 10);
        }
    }
}
