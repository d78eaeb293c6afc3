package io.wfs.store.disk;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongHeapPriorityQueue;

/**
 * The in-memory index of one volume replica: block id → packed {@link BlockLocation} and CRC32C,
 * in two primitive maps (about 30 bytes per block, no objects per entry). A deleted block keeps
 * its entry, flagged, until GC removes the extent holding it. Not thread-safe: the volume's
 * index lock guards it.
 */
final class BlockIndex {
    private final Long2LongOpenHashMap locations = new Long2LongOpenHashMap();
    private final Long2IntOpenHashMap crcs = new Long2IntOpenHashMap();

    /** The packed location, 0 when the block was never here. */
    long location(long blockId) {
        return locations.get(blockId);
    }

    int crc(long blockId) {
        return crcs.get(blockId);
    }

    void put(long blockId, long location, int crc) {
        locations.put(blockId, location);
        crcs.put(blockId, crc);
    }

    void markDeleted(long blockId) {
        long loc = locations.get(blockId);
        if (loc != 0) {
            locations.put(blockId, BlockLocation.deleted(loc));
        }
    }

    void remove(long blockId) {
        locations.remove(blockId);
        crcs.remove(blockId);
    }

    /**
     * Live block ids greater than {@code after}, ascending, at most {@code max}, in unsigned order:
     * ids of slots 2048 and up are negative as Java longs. Keeps only the
     * {@code max} smallest in a bounded heap, so paging through a volume of n blocks costs
     * O(n log max) per page instead of sorting everything above the cursor each time.
     */
    long[] liveIdsAfter(long after, int max) {
        LongHeapPriorityQueue largestOnTop = new LongHeapPriorityQueue(Math.min(max, 1024), (a, b) -> Long.compareUnsigned(b, a));
        for (var e : locations.long2LongEntrySet()) {
            long id = e.getLongKey();
            if (Long.compareUnsigned(id, after) <= 0 || BlockLocation.isDeleted(e.getLongValue())) {
                continue;
            }
            if (largestOnTop.size() < max) {
                largestOnTop.enqueue(id);
            } else if (Long.compareUnsigned(id, largestOnTop.firstLong()) < 0) {
                largestOnTop.dequeueLong();
                largestOnTop.enqueue(id);
            }
        }
        long[] out = new long[largestOnTop.size()];
        for (int i = out.length - 1; i >= 0; i--) {
            out[i] = largestOnTop.dequeueLong();
        }
        return out;
    }

    int entries() {
        return locations.size();
    }
}
