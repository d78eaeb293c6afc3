package io.wfs.store.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class BlockIndexTest {
    /**
     * Regression: block ids of slots 2048 and up are negative as Java longs; paging in signed
     * order skipped them, so re-replication would have left them behind.
     */
    @Test
    void pagingCoversIdsOfHighSlotsInUnsignedOrder() {
        BlockIndex index = new BlockIndex();
        long high = (3000L << 52) | 5;
        long low = (7L << 52) | 9;
        for (long id : new long[] {high, low, 42}) {
            index.put(id, BlockLocation.pack(1, 0, 10, true), 123);
        }
        assertArrayEquals(new long[] {42, low, high}, index.liveIdsAfter(0, 10));
        assertArrayEquals(new long[] {42, low}, index.liveIdsAfter(0, 2));
        assertArrayEquals(new long[] {high}, index.liveIdsAfter(low, 2));
        assertArrayEquals(new long[0], index.liveIdsAfter(high, 2));
    }
}
