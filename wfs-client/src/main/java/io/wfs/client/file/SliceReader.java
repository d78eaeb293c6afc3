package io.wfs.client.file;

import io.wfs.client.cache.BlockDiskCache;
import io.wfs.client.data.BlockStoreClient;
import io.wfs.common.msg.meta.SliceInfo;
import java.util.List;

/**
 * Reads a byte range of a file from its visible slices (sorted, non-overlapping, as the metadata
 * server keeps them): holes read as zeros. A sequential reader is served by whole aligned chunks,
 * so small sequential reads, and a small file, cost one store round trip per chunk; a random
 * reader fetches only the bytes it asked for, since a 1 MiB chunk for each 4 KiB read of a file
 * larger than the cache made random reads 250 times more expensive than needed.
 */
final class SliceReader {
    private record Key(long blockId, long chunk) {
    }

    private final BlockStoreClient stores;
    private final ChunkCache cache;
    /** Chunks kept on local disk across mounts (NONE without client.cache-dir): asked before the stores. */
    private final BlockDiskCache disk;
    private final int chunkSize;
    private final int readAheadChunks;
    /** Chunks being fetched (read-ahead, or another reader): a second reader waits for the same fetch. */
    private final java.util.concurrent.ConcurrentHashMap<Key, java.util.concurrent.CompletableFuture<byte[]>> fetching =
            new java.util.concurrent.ConcurrentHashMap<>();

    SliceReader(BlockStoreClient stores, ChunkCache cache, BlockDiskCache disk, int chunkSize, int readAheadChunks) {
        this.stores = stores;
        this.cache = cache;
        this.disk = disk;
        this.chunkSize = chunkSize;
        this.readAheadChunks = readAheadChunks;
    }

    /**
     * Starts fetching the chunks after {@code offset} (a sequential reader is about to want them),
     * so that the store round trips overlap with the application's reads.
     */
    void readAhead(List<SliceInfo> slices, long offset) {
        fetchRange(slices, offset, offset + (long) readAheadChunks * chunkSize);
    }

    /** Starts fetching the chunks under file bytes [0, end): a small file just opened (FileIo#prefetchOpened). */
    void prefetch(List<SliceInfo> slices, long end) {
        fetchRange(slices, 0, end);
    }

    private void fetchRange(List<SliceInfo> slices, long offset, long end) {
        for (SliceInfo s : slices) {
            long sliceEnd = s.fileOffset() + s.length();
            if (sliceEnd <= offset || s.fileOffset() >= end) {
                continue;
            }
            long blockFrom = s.blockOffset() + (Math.max(offset, s.fileOffset()) - s.fileOffset());
            long blockTo = s.blockOffset() + (Math.min(end, sliceEnd) - s.fileOffset());
            long blockLimit = (long) s.blockOffset() + s.length();
            for (long chunk = blockFrom / chunkSize; chunk * chunkSize < blockTo; chunk++) {
                if (cache.get(s.blockId(), chunk) == null) {
                    fetch(s, chunk, Math.min(chunk * chunkSize + chunkSize, blockLimit));
                }
            }
        }
    }

    private java.util.concurrent.CompletableFuture<byte[]> fetch(SliceInfo s, long chunk, long chunkEnd) {
        Key key = new Key(s.blockId(), chunk);
        java.util.concurrent.CompletableFuture<byte[]> mine = new java.util.concurrent.CompletableFuture<>();
        java.util.concurrent.CompletableFuture<byte[]> existing = fetching.putIfAbsent(key, mine);
        if (existing != null) {
            return existing;
        }
        long start = chunk * chunkSize;
        byte[] local = disk.get(s.volume(), s.blockId(), (int) start, (int) (chunkEnd - start));
        if (local != null) {
            cache.put(s.blockId(), chunk, local);
            fetching.remove(key, mine);
            mine.complete(local);
            return mine;
        }
        stores.readAsync(s.volume(), s.blockId(), (int) start, (int) (chunkEnd - start)).whenComplete((data, error) -> {
            if (data != null) {
                cache.put(s.blockId(), chunk, data);
                disk.put(s.volume(), s.blockId(), (int) start, data);
            }
            fetching.remove(key, mine);
            if (error != null) {
                mine.completeExceptionally(error);
            } else {
                mine.complete(data);
            }
        });
        return mine;
    }

    /**
     * Fills {@code out[0, length)} with the file's bytes from {@code offset}; zeros where no slice
     * is. {@code random}: fetch exactly the missing bytes instead of whole chunks.
     */
    void read(List<SliceInfo> slices, long offset, byte[] out, int length, boolean random) {
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
            if (random && !cached(s, from, to)) {
                long blockFrom = s.blockOffset() + (from - s.fileOffset());
                byte[] data = stores.read(s.volume(), s.blockId(), (int) blockFrom, (int) (to - from));
                System.arraycopy(data, 0, out, (int) (from - offset), Math.min(data.length, (int) (to - from)));
            } else {
                copyFromBlock(s, from, to, out, (int) (from - offset));
            }
        }
    }

    /**
     * Whether every chunk under file bytes [from, to) of slice {@code s} is in the memory cache or
     * the disk cache: a random read is then served from them instead of asking the stores for the
     * exact bytes (which are not cached: a whole chunk per 4 KiB read would cost far more).
     */
    private boolean cached(SliceInfo s, long from, long to) {
        long blockFrom = s.blockOffset() + (from - s.fileOffset());
        long blockTo = blockFrom + (to - from);
        for (long chunk = blockFrom / chunkSize; chunk * chunkSize < blockTo; chunk++) {
            long chunkStart = chunk * chunkSize;
            int needed = (int) (Math.min(chunkStart + chunkSize, blockTo) - chunkStart);
            byte[] data = cache.get(s.blockId(), chunk);
            if ((data == null || data.length < needed) && !disk.contains(s.volume(), s.blockId(), (int) chunkStart, needed)) {
                return false;
            }
        }
        return true;
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
                data = io.wfs.client.data.Rpc.await(fetch(s, chunk, chunkEnd));
                if (chunkStart + data.length < Math.min(chunkEnd, blockTo)) {
                    // A read-ahead of a shorter slice of the same block: fetch what this one needs.
                    data = stores.read(s.volume(), s.blockId(), (int) chunkStart, (int) (chunkEnd - chunkStart));
                    cache.put(s.blockId(), chunk, data);
                    disk.put(s.volume(), s.blockId(), (int) chunkStart, data);
                }
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
