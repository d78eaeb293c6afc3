package io.wfs.store.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The on-disk format of per-chunk checksums: the trailer, the record's format field, the packed location. */
class ChunkFormatTest {
    @Test
    void theTrailerHoldsOneBigEndianCrc32cPerSixtyFourKibChunk() {
        assertEquals(0, ChunkCrcs.count(0));
        assertEquals(1, ChunkCrcs.count(1));
        assertEquals(1, ChunkCrcs.count(65_536));
        assertEquals(2, ChunkCrcs.count(65_537));
        assertEquals(64, ChunkCrcs.count(4 << 20));
        assertEquals(256, ChunkCrcs.trailerBytes(4 << 20));
        assertEquals(0, ChunkCrcs.trailerBytes(65_536), "one chunk: its CRC is the whole block's, no trailer");
        assertEquals(8, ChunkCrcs.trailerBytes(65_537));
        assertEquals(0, ChunkCrcs.trailer(new byte[4096]).length);

        byte[] block = TestBlocks.random(150_000, 1);
        byte[] trailer = ChunkCrcs.trailer(block);
        assertEquals(12, trailer.length);
        ByteBuffer b = ByteBuffer.wrap(trailer);
        int[] bounds = {0, 65_536, 131_072, 150_000};
        for (int i = 0; i < 3; i++) {
            CRC32C c = new CRC32C();
            c.update(block, bounds[i], bounds[i + 1] - bounds[i]);
            assertEquals((int) c.getValue(), b.getInt(), "chunk " + i);
        }
    }

    @Test
    void firstBadNamesTheDamagedChunkAndIntactChecksEitherFormat() {
        byte[] block = TestBlocks.random(200_000, 2);
        byte[] trailer = ChunkCrcs.trailer(block);
        assertEquals(-1, ChunkCrcs.firstBad(block, 0, block.length, trailer, 0));
        block[140_000] ^= 1;
        assertEquals(2, ChunkCrcs.firstBad(block, 0, block.length, trailer, 0));
        // Only chunks 0 and 1 held: still clean.
        assertEquals(-1, ChunkCrcs.firstBad(block, 0, 131_072, trailer, 0));
        // Chunk 2 alone, its entry at trailer byte 8.
        assertEquals(0, ChunkCrcs.firstBad(block, 131_072, block.length - 131_072, trailer, 8));

        byte[] span = new byte[block.length + trailer.length];
        System.arraycopy(block, 0, span, 0, block.length);
        System.arraycopy(trailer, 0, span, block.length, trailer.length);
        assertFalse(ChunkCrcs.intact(true, 0, span, block.length));
        span[140_000] ^= 1;
        assertTrue(ChunkCrcs.intact(true, 0, span, block.length));
        span[block.length + 5] ^= 1;
        assertFalse(ChunkCrcs.intact(true, 0, span, block.length), "a damaged trailer entry fails its chunk too");

        byte[] old = TestBlocks.random(1000, 3);
        assertTrue(ChunkCrcs.intact(false, Crc.of(old), old, old.length));
        assertFalse(ChunkCrcs.intact(false, Crc.of(old) + 1, old, old.length));
        assertTrue(ChunkCrcs.intact(true, Crc.of(old), old, old.length), "one chunk: checked against the whole CRC");
        assertFalse(ChunkCrcs.intact(true, Crc.of(old) + 1, old, old.length));
    }

    @Test
    void aRecordKeepsItsFormatAndARecordOfTheFirstFormatReadsAsWhole() {
        ByteBuffer b = ByteBuffer.allocate(IndexRecord.BYTES);
        IndexRecord.block(7, 3, 8192, 100_000, 42).writeTo(b);
        b.flip();
        IndexRecord back = IndexRecord.readFrom(b);
        assertEquals(IndexRecord.CHUNKED, back.format());
        assertEquals(100_000 + 8, back.span());
        assertEquals(new IndexRecord(7, 3, 8192, 100_000, 42, IndexRecord.BLOCK, IndexRecord.CHUNKED), back);

        // Bytes 32..35 were a reserved 0 before per-chunk CRCs: such a record is of the WHOLE format.
        ByteBuffer old = ByteBuffer.allocate(IndexRecord.BYTES);
        old.putLong(7).putLong(3).putInt(8192).putInt(100_000).putInt(42).putInt(IndexRecord.BLOCK).putInt(0);
        CRC32C c = new CRC32C();
        c.update(old.array(), 0, 36);
        old.putInt((int) c.getValue()).flip();
        IndexRecord legacy = IndexRecord.readFrom(old);
        assertEquals(IndexRecord.WHOLE, legacy.format());
        assertFalse(legacy.chunked());
        assertEquals(100_000, legacy.span());
        assertFalse(BlockLocation.isChunked(legacy.location(1)));
    }

    @Test
    void aSoundRecordOfAnUnknownFormatFailsLoudlyInsteadOfBeingCutAsTorn() {
        ByteBuffer b = ByteBuffer.allocate(IndexRecord.BYTES);
        new IndexRecord(7, 3, 0, 10, 42, IndexRecord.BLOCK, 9).writeTo(b);
        b.flip();
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> IndexRecord.readFrom(b));
        assertTrue(e.getMessage().contains("format 9"), e.getMessage());

        ByteBuffer torn = ByteBuffer.allocate(IndexRecord.BYTES);
        new IndexRecord(7, 3, 0, 10, 42, IndexRecord.BLOCK, 9).writeTo(torn);
        torn.put(33, (byte) 1).flip();
        assertNull(IndexRecord.readFrom(torn), "a record failing its own CRC is torn, whatever its format");
    }

    @Test
    void theLocationCarriesTheFormatBitAndTheSpanOnDisk() {
        long chunked = BlockLocation.pack(BlockLocation.MAX_EXTENT_NUMBER, 1L << 29, 4 << 20, true);
        assertTrue(BlockLocation.isChunked(chunked));
        assertEquals(BlockLocation.MAX_EXTENT_NUMBER, BlockLocation.extent(chunked));
        assertEquals(1L << 29, BlockLocation.offset(chunked));
        assertEquals(4 << 20, BlockLocation.length(chunked));
        assertEquals((4 << 20) + 256, BlockLocation.span(chunked));
        long deleted = BlockLocation.deleted(chunked);
        assertTrue(BlockLocation.isDeleted(deleted) && BlockLocation.isChunked(deleted));
        assertEquals(BlockLocation.MAX_EXTENT_NUMBER, BlockLocation.extent(deleted));

        long whole = BlockLocation.pack(3, 4096, 5000, false);
        assertFalse(BlockLocation.isChunked(whole));
        assertEquals(5000, BlockLocation.span(whole));
        assertThrows(IllegalArgumentException.class, () -> BlockLocation.pack(BlockLocation.MAX_EXTENT_NUMBER + 1, 0, 1, true));
    }

    @Test
    void aBlockIsFollowedOnDiskByItsTrailerAndTheNextBlockStartsOnAPage(@TempDir Path dir) throws Exception {
        try (Extent e = Extent.open(dir, 1)) {
            byte[] first = TestBlocks.random(70_000, 4);
            byte[] second = TestBlocks.random(10, 5);
            assertEquals(0, e.appendBlock(first));
            assertEquals(73_728, e.appendBlock(second), "next page after 70,000 + 8 bytes");
            byte[] onDisk = new byte[8];
            e.readFully(70_000, onDisk);
            assertArrayEquals(ChunkCrcs.trailer(first), onDisk);
            assertEquals(73_728 + 10, e.dataFileSize(), "a block of one chunk has no trailer");
        }
    }
}
