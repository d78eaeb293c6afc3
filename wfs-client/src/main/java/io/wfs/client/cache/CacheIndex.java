package io.wfs.client.cache;

import it.unimi.dsi.fastutil.longs.Long2ObjectLinkedOpenHashMap;
import java.util.ArrayList;
import java.util.List;

/**
 * What the cache folder holds, in memory: per block id (a primitive key, in least recently used
 * order) its volume and the offsets and lengths of its cached pieces. LRU is per block, as a
 * training epoch or a scan reads a block's pieces together. Not thread-safe: the cache locks.
 */
final class CacheIndex {
    /** The cached pieces of one block (a few: a block is at most 4 MiB, pieces are read chunks). */
    private static final class Block {
        final int volume;
        int[] offsets = new int[2];
        int[] lengths = new int[2];
        int count;

        Block(int volume) {
            this.volume = volume;
        }

        int find(int offset) {
            for (int i = 0; i < count; i++) {
                if (offsets[i] == offset) {
                    return i;
                }
            }
            return -1;
        }
    }

    private final Long2ObjectLinkedOpenHashMap<Block> blocks = new Long2ObjectLinkedOpenHashMap<>();
    private long usedBytes;
    private int entries;

    /** The cached data length at the key, or -1; a hit makes the block the most recently used. */
    int lengthOf(int volume, long blockId, int offset) {
        Block b = blocks.getAndMoveToLast(blockId);
        if (b == null || b.volume != volume) {
            return -1;
        }
        int i = b.find(offset);
        return i < 0 ? -1 : b.lengths[i];
    }

    /**
     * Records an entry written to disk; returns the keys whose files are no longer indexed (a
     * block id found under another volume: never within one cluster, but the file must go).
     */
    List<CacheKey> add(int volume, long blockId, int offset, int length) {
        List<CacheKey> dropped = List.of();
        Block b = blocks.getAndMoveToLast(blockId);
        if (b != null && b.volume != volume) {
            dropped = removeBlock(blockId);
            b = null;
        }
        if (b == null) {
            b = new Block(volume);
            blocks.putAndMoveToLast(blockId, b);
        }
        int i = b.find(offset);
        if (i >= 0) {
            usedBytes += CacheEntryFile.size(length) - CacheEntryFile.size(b.lengths[i]);
            b.lengths[i] = length;
            return dropped;
        }
        if (b.count == b.offsets.length) {
            b.offsets = java.util.Arrays.copyOf(b.offsets, b.count * 2);
            b.lengths = java.util.Arrays.copyOf(b.lengths, b.count * 2);
        }
        b.offsets[b.count] = offset;
        b.lengths[b.count] = length;
        b.count++;
        usedBytes += CacheEntryFile.size(length);
        entries++;
        return dropped;
    }

    /** Forgets one entry (its file is damaged or gone). */
    void remove(int volume, long blockId, int offset) {
        Block b = blocks.get(blockId);
        if (b == null || b.volume != volume) {
            return;
        }
        int i = b.find(offset);
        if (i < 0) {
            return;
        }
        usedBytes -= CacheEntryFile.size(b.lengths[i]);
        entries--;
        b.count--;
        b.offsets[i] = b.offsets[b.count];
        b.lengths[i] = b.lengths[b.count];
        if (b.count == 0) {
            blocks.remove(blockId);
        }
    }

    /** Removes the least recently used block; returns its entries (empty when the index is empty). */
    List<CacheKey> evictEldest() {
        return blocks.isEmpty() ? List.of() : removeBlock(blocks.firstLongKey());
    }

    private List<CacheKey> removeBlock(long blockId) {
        Block b = blocks.remove(blockId);
        List<CacheKey> keys = new ArrayList<>(b.count);
        for (int i = 0; i < b.count; i++) {
            keys.add(new CacheKey(b.volume, blockId, b.offsets[i]));
            usedBytes -= CacheEntryFile.size(b.lengths[i]);
        }
        entries -= b.count;
        return keys;
    }

    void clear() {
        blocks.clear();
        usedBytes = 0;
        entries = 0;
    }

    long usedBytes() {
        return usedBytes;
    }

    int entries() {
        return entries;
    }
}
