package io.wfs.store.disk;

import java.io.IOException;
import java.util.Arrays;

/**
 * A byte range of a block read from this replica and checked: the bytes, the block's length and
 * whole-block CRC32C (from the index), and the bytes read from disk for it. A chunked block
 * ({@link ChunkCrcs}) is read only over the 64 KiB chunks the range covers, plus their trailer
 * entries: one read when a range that is not whole chunks reaches the block's last chunk (the
 * trailer follows it), else two. A block of the old format, or of one chunk, is read whole and checked against its
 * whole CRC.
 */
public record BlockRange(byte[] data, int blockLength, int crc, int diskBytes) {

    /**
     * Reads {@code [offset, offset + length)} of the block at {@code location} in {@code extent}
     * (cut at the block's end). Throws {@link CorruptBlockException} when a chunk read (or the old
     * format's whole block) fails its CRC. {@code cachedOnly}: read only what the page cache holds
     * ({@link Extent#readIfCached}), and return null when a byte of it is on disk only.
     */
    static BlockRange read(Extent extent, long blockId, long location, int crc, int offset, int length,
                           boolean cachedOnly) throws IOException, CorruptBlockException {
        int blockLength = BlockLocation.length(location);
        int from = Math.min(offset, blockLength);
        int to = (int) Math.min((long) from + length, blockLength);
        long base = BlockLocation.offset(location);
        if (from == to) {
            return new BlockRange(new byte[0], blockLength, crc, 0);
        }
        if (!BlockLocation.isChunked(location) || !ChunkCrcs.hasTrailer(blockLength)) {
            if (cachedOnly && blockLength > PageCacheReads.MAX_BYTES) {
                return null;
            }
            byte[] whole = new byte[blockLength];
            if (!read(extent, base, whole, cachedOnly)) {
                return null;
            }
            if (Crc.of(whole) != crc) {
                throw corrupt(extent, blockId, location, crc, 0);
            }
            return new BlockRange(from == 0 && to == blockLength ? whole : Arrays.copyOfRange(whole, from, to),
                    blockLength, crc, blockLength);
        }
        int firstChunk = from / ChunkCrcs.CHUNK;
        int endChunk = (to - 1) / ChunkCrcs.CHUNK + 1;
        int chunks = ChunkCrcs.count(blockLength);
        int dataFrom = firstChunk * ChunkCrcs.CHUNK;
        int dataTo = Math.min(endChunk * ChunkCrcs.CHUNK, blockLength);
        if (cachedOnly && dataTo - dataFrom > PageCacheReads.MAX_BYTES) {
            return null; // a large read is the workers' (and would not fit one nowait read)
        }
        byte[] bytes;
        byte[] trailer;
        int trailerPos;
        int disk;
        // A range of whole chunks (a whole block, the client's aligned 1 MiB reads) is returned as
        // read, with no copy; another range reaching the last chunk reads the trailer with it.
        boolean wholeChunks = from == dataFrom && to == dataTo;
        if (endChunk == chunks && !wholeChunks) {
            bytes = new byte[blockLength - dataFrom + ChunkCrcs.trailerBytes(blockLength)];
            if (!read(extent, base + dataFrom, bytes, cachedOnly)) {
                return null;
            }
            trailer = bytes;
            trailerPos = blockLength - dataFrom + 4 * firstChunk;
            disk = bytes.length;
        } else {
            bytes = new byte[dataTo - dataFrom];
            trailer = new byte[4 * (endChunk - firstChunk)];
            if (!read(extent, base + dataFrom, bytes, cachedOnly)
                    || !read(extent, base + blockLength + 4L * firstChunk, trailer, cachedOnly)) {
                return null;
            }
            trailerPos = 0;
            disk = bytes.length + trailer.length;
        }
        int bad = ChunkCrcs.firstBad(bytes, 0, dataTo - dataFrom, trailer, trailerPos);
        if (bad >= 0) {
            throw corrupt(extent, blockId, location, crc, dataFrom + (long) bad * ChunkCrcs.CHUNK);
        }
        byte[] data = wholeChunks ? bytes : Arrays.copyOfRange(bytes, from - dataFrom, to - dataFrom);
        return new BlockRange(data, blockLength, crc, disk);
    }

    private static boolean read(Extent extent, long offset, byte[] dst, boolean cachedOnly) throws IOException {
        if (cachedOnly) {
            return extent.readIfCached(offset, dst, 0, dst.length);
        }
        extent.readFully(offset, dst);
        return true;
    }

    private static CorruptBlockException corrupt(Extent extent, long blockId, long location, int crc, long at) {
        boolean byChunk = BlockLocation.isChunked(location) && ChunkCrcs.hasTrailer(BlockLocation.length(location));
        String what = byChunk ? "its chunk at byte " + at + " fails its CRC check" : "it fails its CRC check";
        return new CorruptBlockException(blockId, location, crc, "block " + blockId + " in " + extent + " at "
                + BlockLocation.offset(location) + ": " + what);
    }
}
