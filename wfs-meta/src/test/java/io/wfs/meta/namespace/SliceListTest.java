package io.wfs.meta.namespace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SliceListTest {
    /** offset:length@block+blockOffset for each slice. */
    static List<String> describe(SliceList list) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < list.count(); i++) {
            out.add(list.fileOffset(i) + ":" + list.length(i) + "@" + list.blockId(i) + "+" + list.blockOffset(i)
                    + "v" + list.volume(i));
        }
        return out;
    }

    private final LongArrayList freed = new LongArrayList();

    /**
     * A commit's slices added in one pass leave the list, and free the blocks, exactly as adding
     * them one by one does: random files, random batches (sorted and disjoint like a flush's runs,
     * some sharing one packed block, and unsorted ones, which take the one-by-one path).
     */
    @Test
    void aBatchLeavesWhatAddingItsSlicesOneByOneLeaves() {
        Random random = new Random(42);
        for (int round = 0; round < 500; round++) {
            SliceList one = new SliceList();
            SliceList batch = new SliceList();
            LongArrayList freedOne = new LongArrayList();
            LongArrayList freedBatch = new LongArrayList();
            long nextBlock = 1;
            for (int commit = 0; commit < 6; commit++) {
                int m = 1 + random.nextInt(12);
                long[] offsets = new long[m];
                int[] lengths = new int[m];
                int[] volumes = new int[m];
                long[] blocks = new long[m];
                int[] blockOffsets = new int[m];
                boolean sorted = random.nextInt(4) != 0;
                boolean packed = random.nextBoolean();
                long packedBlock = nextBlock++;
                long at = random.nextInt(50);
                for (int k = 0; k < m; k++) {
                    offsets[k] = sorted ? at : random.nextInt(400);
                    lengths[k] = 1 + random.nextInt(40);
                    at = offsets[k] + lengths[k] + random.nextInt(3) * random.nextInt(30);
                    volumes[k] = 1 + random.nextInt(3);
                    blocks[k] = packed ? packedBlock : nextBlock++;
                    blockOffsets[k] = packed ? k * 40 : random.nextInt(8);
                }
                for (int k = 0; k < m; k++) {
                    one.add(offsets[k], lengths[k], volumes[k], blocks[k], blockOffsets[k], freedOne);
                }
                batch.addAll(offsets, lengths, volumes, blocks, blockOffsets, freedBatch);
                assertEquals(describe(one), describe(batch), "round " + round + " commit " + commit);
                freedOne.sort(null);
                freedBatch.sort(null);
                assertEquals(freedOne, freedBatch, "freed blocks, round " + round + " commit " + commit);
            }
        }
    }

    @Test
    void appendsDisjointSlicesInOffsetOrder() {
        SliceList list = new SliceList();
        list.add(100, 50, 1, 11, 0, freed);
        list.add(0, 50, 2, 12, 8, freed);
        list.add(200, 10, 3, 13, 0, freed);
        assertEquals(List.of("0:50@12+8v2", "100:50@11+0v1", "200:10@13+0v3"), describe(list));
        assertTrue(freed.isEmpty());
    }

    @Test
    void fullyShadowedSliceFreesItsBlock() {
        SliceList list = new SliceList();
        list.add(0, 100, 1, 11, 0, freed);
        list.add(0, 100, 1, 12, 0, freed);
        assertEquals(List.of("0:100@12+0v1"), describe(list));
        assertEquals(LongArrayList.of(11), freed);
    }

    @Test
    void overwriteInTheMiddleSplitsAndKeepsTheBlock() {
        SliceList list = new SliceList();
        list.add(0, 100, 1, 11, 1000, freed);
        list.add(40, 20, 1, 12, 0, freed);
        assertEquals(List.of("0:40@11+1000v1", "40:20@12+0v1", "60:40@11+1060v1"), describe(list));
        assertTrue(freed.isEmpty(), "block 11 is still referenced on both sides");
        list.add(0, 40, 1, 13, 0, freed);
        assertTrue(freed.isEmpty(), "right piece of 11 remains");
        list.add(50, 60, 1, 14, 0, freed);
        assertEquals(List.of("0:40@13+0v1", "40:10@12+0v1", "50:60@14+0v1"), describe(list));
        assertEquals(LongArrayList.of(11), freed, "11 freed once, when its last piece went");
    }

    @Test
    void partialOverlapsCutBothNeighbours() {
        SliceList list = new SliceList();
        list.add(0, 100, 1, 11, 0, freed);
        list.add(100, 100, 1, 12, 0, freed);
        list.add(50, 100, 1, 13, 0, freed);
        assertEquals(List.of("0:50@11+0v1", "50:100@13+0v1", "150:50@12+50v1"), describe(list));
        assertTrue(freed.isEmpty());
    }

    @Test
    void oneWriteCoveringManySlicesFreesAllOfThem() {
        SliceList list = new SliceList();
        for (int i = 0; i < 10; i++) {
            list.add(i * 10L, 10, 1, 100 + i, 0, freed);
        }
        list.add(5, 90, 1, 999, 0, freed);
        assertEquals(List.of("0:5@100+0v1", "5:90@999+0v1", "95:5@109+5v1"), describe(list));
        assertEquals(LongArrayList.of(101, 102, 103, 104, 105, 106, 107, 108), freed);
    }

    @Test
    void truncateCutsAndDrops() {
        SliceList list = new SliceList();
        list.add(0, 100, 1, 11, 0, freed);
        list.add(100, 100, 1, 12, 0, freed);
        list.add(200, 100, 1, 13, 0, freed);
        list.truncate(150, freed);
        assertEquals(List.of("0:100@11+0v1", "100:50@12+0v1"), describe(list));
        assertEquals(LongArrayList.of(13), freed);
        freed.clear();
        list.truncate(100, freed);
        assertEquals(List.of("0:100@11+0v1"), describe(list));
        assertEquals(LongArrayList.of(12), freed);
        freed.clear();
        list.truncate(1000, freed);
        assertEquals(1, list.count());
        assertTrue(freed.isEmpty());
        list.truncate(0, freed);
        assertEquals(0, list.count());
        assertEquals(LongArrayList.of(11), freed);
    }

    @Test
    void truncateKeepsABlockStillReferencedEarlier() {
        SliceList list = new SliceList();
        list.add(0, 100, 1, 11, 0, freed);
        list.add(40, 20, 1, 12, 0, freed);
        list.truncate(50, freed);
        assertEquals(List.of("0:40@11+0v1", "40:10@12+0v1"), describe(list));
        assertTrue(freed.isEmpty(), "11 still referenced by [0,40)");
    }

    @Test
    void releaseAllReportsEachBlockOnce() {
        SliceList list = new SliceList();
        list.add(0, 100, 1, 11, 0, freed);
        list.add(40, 20, 1, 12, 0, freed);
        list.releaseAll(freed);
        assertEquals(LongArrayList.of(11, 12), freed);
        assertEquals(0, list.count());
    }

    @Test
    void rejectsInvalidSlices() {
        SliceList list = new SliceList();
        assertThrows(NamespaceException.class, () -> list.add(-1, 10, 1, 11, 0, freed));
        assertThrows(NamespaceException.class, () -> list.add(0, 0, 1, 11, 0, freed));
        assertThrows(NamespaceException.class, () -> list.add(0, 10, 1, 0, 0, freed));
        assertThrows(NamespaceException.class, () -> list.add(0, 10, 1, 11, -1, freed));
        assertThrows(NamespaceException.class, () -> list.add(Long.MAX_VALUE - 5, 10, 1, 11, 0, freed));
    }

    @Test
    void randomWritesMatchAByteMapModel() {
        Random random = new Random(7);
        int fileSize = 4096;
        SliceList list = new SliceList();
        long[] blockAt = new long[fileSize];
        long[] blockOffsetAt = new long[fileSize];
        List<Long> allFreed = new ArrayList<>();
        for (int write = 1; write <= 2000; write++) {
            int offset = random.nextInt(fileSize - 1);
            int length = 1 + random.nextInt(Math.min(300, fileSize - offset));
            long block = 1000 + write;
            int blockOffset = random.nextInt(50);
            freed.clear();
            list.add(offset, length, 1, block, blockOffset, freed);
            for (int i = 0; i < length; i++) {
                blockAt[offset + i] = block;
                blockOffsetAt[offset + i] = blockOffset + i;
            }
            allFreed.addAll(freed);
            for (long f : freed) {
                for (long live : blockAt) {
                    assertTrue(live != f, "freed block " + f + " still visible");
                }
            }
        }
        long[] seen = new long[fileSize];
        for (int s = 0; s < list.count(); s++) {
            if (s > 0) {
                assertTrue(list.end(s - 1) <= list.fileOffset(s), "sorted and disjoint");
            }
            for (int i = 0; i < list.length(s); i++) {
                int at = (int) list.fileOffset(s) + i;
                seen[at] = list.blockId(s);
                assertEquals(blockOffsetAt[at], list.blockOffset(s) + i);
            }
        }
        for (int i = 0; i < fileSize; i++) {
            assertEquals(blockAt[i], seen[i]);
        }
        long distinctVisible = java.util.Arrays.stream(blockAt).filter(x -> x != 0).distinct().count();
        assertEquals(2000 - distinctVisible, allFreed.size(), "every invisible block freed exactly once");
        assertEquals(allFreed.size(), allFreed.stream().distinct().count());
    }
}
