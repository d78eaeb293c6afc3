package io.wfs.store.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class BlockIndexTest {
    @Test
    void pagingThroughLiveIdsReturnsEachLiveIdOnceInOrder() {
        BlockIndex index = new BlockIndex();
        TreeSet<Long> live = new TreeSet<>();
        Random r = new Random(1);
        for (int i = 0; i < 5000; i++) {
            long id = 1 + (r.nextLong() >>> 2);
            index.put(id, BlockLocation.pack(1, 0, 10), 7);
            if (r.nextInt(4) == 0) {
                index.markDeleted(id);
            } else {
                live.add(id);
            }
        }
        LongArrayList seen = new LongArrayList();
        long after = 0;
        while (true) {
            long[] page = index.liveIdsAfter(after, 97);
            if (page.length == 0) {
                break;
            }
            seen.addElements(seen.size(), page);
            after = page[page.length - 1];
        }
        assertEquals(live.size(), seen.size());
        assertArrayEquals(live.stream().mapToLong(Long::longValue).toArray(), seen.toLongArray());
        assertEquals(0, index.liveIdsAfter(live.last(), 10).length);
    }
}
