package io.wfs.client.file;

import io.wfs.client.data.BlockStoreClient;
import io.wfs.common.msg.meta.SliceInfo;
import java.util.List;

/**
 * Reads a byte range of a file from its visible slices (sorted, non-overlapping, as the metadata
 * server keeps them): holes read as zeros; each piece of a block is served by whole aligned chunks,
 * so sequential small reads, and a small file, cost one store round trip per chunk.
 */
final class SliceReader {
    private final BlockStoreClient stores;
    private final ChunkCache cache;
    private final int chunkSize;

    SliceReader(BlockStoreClient stores, ChunkCache cache, int chunkSize) {
        this.stores = stores;
        this.cache = cache;
        this.chunkSize = chunkSize;
    }

    /** Fills {@code out[0, length)} with the file's bytes from {@code offset}; zeros where no slice is. */
    void read(List<SliceInfo> slices, long offset, byte[] out, int length) {
        long end = offset + length;
        for (SliceInfo s : slices) {
            long sliceEnd = s.fileOffset() + s.length();
            if (sliceEnd <= offset) {
                continue;
            }
            if (s.fileOffset() >= end) {
                break;
            }
            long from = Math.max(offset, s.fileOffset());
            long to = Math.min(end, sliceEnd);
            copyFromBlock(s, from, to, out, (int) (from - offset));
        }
    }

    /** File bytes [from, to) of slice {@code s} into {@code out} at {@code at}. */
    private void copyFromBlock(SliceInfo s, long from, long to, byte[] out, int at) {
        long blockFrom = s.blockOffset() + (from - s.fileOffset());
        long blockTo = blockFrom + (to - from);
        long blockLimit = (long) s.blockOffset() + s.length();
        for (long pos = blockFrom; pos < blockTo; ) {
            long chunk = pos / chunkSize;
            long chunkStart = chunk * chunkSize;
            long chunkEnd = Math.min(chunkStart + chunkSize, blockLimit);
            byte[] data = cache.get(s.blockId(), chunk);
            if (data == null || chunkStart + data.length < Math.min(chunkEnd, blockTo)) {
                data = stores.read(s.volume(), s.blockId(), (int) chunkStart, (int) (chunkEnd - chunkStart));
                cache.put(s.blockId(), chunk, data);
            }
            long n = Math.min(blockTo, chunkStart + data.length) - pos;
            if (n <= 0) {
                break; // The block is shorter than its slice says: leave zeros rather than loop.
            }
            System.arraycopy(data, (int) (pos - chunkStart), out, at + (int) (pos - blockFrom), (int) n);
            pos += n;
        }
    }
}
