package io.wfs.client.file;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Recently read chunks of blocks. Blocks never change once written (an overwrite is a new block),
 * so a cached chunk is never stale and needs no invalidation: the slice list, fetched at open,
 * says which blocks a file reads.
 */
final class ChunkCache {
    private record Key(long blockId, long chunk) {
    }

    private final int capacity;
    private final LinkedHashMap<Key, byte[]> chunks;

    ChunkCache(int capacity) {
        this.capacity = capacity;
        this.chunks = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, byte[]> eldest) {
                return size() > ChunkCache.this.capacity;
            }
        };
    }

    synchronized byte[] get(long blockId, long chunk) {
        return chunks.get(new Key(blockId, chunk));
    }

    synchronized void put(long blockId, long chunk, byte[] data) {
        if (capacity > 0) {
            chunks.put(new Key(blockId, chunk), data);
        }
    }
}
