package io.wfs.meta.namespace;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;

/**
 * seq to record position for one slot. The table holds only {@code position + 1} (4 bytes a
 * slot, 0 = empty): the key is the seq stored in the record itself, so the index costs about
 * 6 bytes per inode instead of the 16-24 of a long-to-int hash map. Linear probing with
 * backward-shift deletion keeps lookups short without tombstones.
 * Seqs of 2^32 and above (a slot that allocated four billion ids) go to side maps.
 */
final class SeqIndex {
    private static final int MIN_CAPACITY = 16;

    private final InodeTable table;
    private int[] slots = new int[MIN_CAPACITY];
    private int size;
    private Long2IntOpenHashMap bigSeqToPos;
    private Int2LongOpenHashMap posToBigSeq;

    SeqIndex(InodeTable table) {
        this.table = table;
    }

    /** An independent copy over {@code frozenTable} (a snapshot's): the arrays and side maps are copied. */
    SeqIndex copyFor(InodeTable frozenTable) {
        SeqIndex copy = new SeqIndex(frozenTable);
        copy.slots = slots.clone();
        copy.size = size;
        copy.bigSeqToPos = bigSeqToPos == null ? null : bigSeqToPos.clone();
        copy.posToBigSeq = posToBigSeq == null ? null : posToBigSeq.clone();
        return copy;
    }

    static boolean isBig(long seq) {
        return (seq >>> 32) != 0;
    }

    /** Returns the record position of seq, or -1. */
    int find(long seq) {
        if (isBig(seq)) {
            return bigSeqToPos == null ? -1 : bigSeqToPos.getOrDefault(seq, -1);
        }
        int key = (int) seq;
        int mask = slots.length - 1;
        for (int i = Names.mix(key) & mask; ; i = (i + 1) & mask) {
            int entry = slots[i];
            if (entry == 0) {
                return -1;
            }
            if (table.seqLow(entry - 1) == key) {
                return entry - 1;
            }
        }
    }

    /** Records seq in the record at pos and indexes it; seq must not be present. */
    void add(long seq, int pos) {
        table.setSeqLow(pos, (int) seq);
        if (isBig(seq)) {
            if (bigSeqToPos == null) {
                bigSeqToPos = new Long2IntOpenHashMap();
                posToBigSeq = new Int2LongOpenHashMap();
            }
            table.setFlags(pos, table.flags(pos) | InodeFlags.BIG_SEQ);
            bigSeqToPos.put(seq, pos);
            posToBigSeq.put(pos, seq);
            return;
        }
        if ((size + 1) * 16L > slots.length * 13L) {
            rehash(slots.length * 2);
        }
        insert(slots, pos);
        size++;
    }

    void remove(long seq, int pos) {
        if (isBig(seq)) {
            bigSeqToPos.remove(seq);
            posToBigSeq.remove(pos);
            return;
        }
        int mask = slots.length - 1;
        int i = Names.mix((int) seq) & mask;
        while (slots[i] != pos + 1) {
            if (slots[i] == 0) {
                throw new IllegalStateException("seq " + seq + " not indexed");
            }
            i = (i + 1) & mask;
        }
        // Backward shift: pull later entries of the probe run into the gap so no tombstone is needed.
        int gap = i;
        for (int j = (gap + 1) & mask; slots[j] != 0; j = (j + 1) & mask) {
            int home = Names.mix(table.seqLow(slots[j] - 1)) & mask;
            boolean homeOutsideGapToJ = gap <= j ? (home <= gap || home > j) : (home <= gap && home > j);
            if (homeOutsideGapToJ) {
                slots[gap] = slots[j];
                gap = j;
            }
        }
        slots[gap] = 0;
        size--;
    }

    /** Sizes the table for count more inodes at once (snapshot load), avoiding repeated doubling. */
    void reserve(int count) {
        long needed = size + (long) count;
        int capacity = slots.length;
        while (needed * 16 > capacity * 13L && capacity < (1 << 30)) {
            capacity *= 2;
        }
        if (capacity != slots.length) {
            rehash(capacity);
        }
    }

    long seqAt(int pos) {
        if ((table.flags(pos) & InodeFlags.BIG_SEQ) != 0) {
            return posToBigSeq.get(pos);
        }
        return table.seqLow(pos) & 0xFFFFFFFFL;
    }

    long heapBytes() {
        return HeapFootprint.array(slots.length, 4);
    }

    private void rehash(int capacity) {
        int[] fresh = new int[capacity];
        for (int entry : slots) {
            if (entry != 0) {
                insert(fresh, entry - 1);
            }
        }
        slots = fresh;
    }

    private void insert(int[] target, int pos) {
        int mask = target.length - 1;
        int i = Names.mix(table.seqLow(pos)) & mask;
        while (target[i] != 0) {
            i = (i + 1) & mask;
        }
        target[i] = pos + 1;
    }
}
