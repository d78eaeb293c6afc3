package io.wfs.meta.namespace;

import java.util.Arrays;

/**
 * Fixed-size inode records of one slot in pages of {@value #PAGE_RECORDS} records.
 * Pages are small because a node may own all 4096 slots with few files each (a half-empty
 * last page costs at most 1.4 KB per slot), and growth never copies existing pages.
 * Freed record positions are reused LIFO; positions are internal and never leave the slot.
 *
 * <p>Copy-on-write for snapshots ({@link #frozenCopy}): the copy shares every page; while the
 * sharing lasts, the first write to a page made before the copy clones it (2.5 KB), so applies go
 * on while a snapshot thread reads the copy. Each page carries the epoch it was made in.
 */
final class InodeTable {
    private static final int PAGE_SHIFT = 5;
    static final int PAGE_RECORDS = 1 << PAGE_SHIFT;
    private static final int PAGE_MASK = PAGE_RECORDS - 1;
    private static final int NO_FREE = -1;

    private long[][] pages = new long[1][];
    private int[] pageEpochs = new int[1];
    /** Pages stamped before this epoch are shared with a snapshot while {@link #sharing}. */
    private int epoch;
    private boolean sharing;
    private int highWater;
    private int freeHead = NO_FREE;
    private int live;

    /** Returns the position of a zeroed record. */
    int allocate() {
        int pos;
        if (freeHead != NO_FREE) {
            pos = freeHead;
            freeHead = (int) get(pos, InodeRecord.FREE_NEXT);
            set(pos, InodeRecord.FREE_NEXT, 0);
        } else {
            pos = highWater++;
            int page = pos >>> PAGE_SHIFT;
            if (page == pages.length) {
                pages = Arrays.copyOf(pages, page + Math.max(1, page >>> 1));
                pageEpochs = Arrays.copyOf(pageEpochs, pages.length);
            }
            if (pages[page] == null) {
                pages[page] = new long[PAGE_RECORDS * InodeRecord.WORDS];
                pageEpochs[page] = epoch;
            }
        }
        live++;
        return pos;
    }

    void free(int pos) {
        long[] page = writablePage(pos >>> PAGE_SHIFT);
        int base = (pos & PAGE_MASK) * InodeRecord.WORDS;
        Arrays.fill(page, base, base + InodeRecord.WORDS, 0L);
        page[base + InodeRecord.FREE_NEXT] = freeHead;
        freeHead = pos;
        live--;
    }

    long get(int pos, int word) {
        return pages[pos >>> PAGE_SHIFT][(pos & PAGE_MASK) * InodeRecord.WORDS + word];
    }

    void set(int pos, int word, long value) {
        writablePage(pos >>> PAGE_SHIFT)[(pos & PAGE_MASK) * InodeRecord.WORDS + word] = value;
    }

    private long[] writablePage(int page) {
        long[] records = pages[page];
        if (sharing && pageEpochs[page] < epoch) {
            records = records.clone();
            pages[page] = records;
            pageEpochs[page] = epoch;
        }
        return records;
    }

    /** A read-only copy sharing every page; this table clones a page before its first write. */
    InodeTable frozenCopy() {
        InodeTable copy = new InodeTable();
        copy.pages = pages.clone();
        copy.highWater = highWater;
        copy.freeHead = freeHead;
        copy.live = live;
        epoch++;
        sharing = true;
        return copy;
    }

    /** The snapshot is written: writes stop cloning pages. */
    void stopSharing() {
        sharing = false;
    }

    /** Positions below this may be live; iterate them with {@link #isLive}. */
    int highWater() {
        return highWater;
    }

    boolean isLive(int pos) {
        return pos < highWater && InodeRecord.mode(get(pos, InodeRecord.MODE_FLAGS_NLINK)) != 0;
    }

    int liveCount() {
        return live;
    }

    /** Bytes of the record pages and the page directory (compressed oops, 8-byte alignment). */
    long heapBytes() {
        long bytes = HeapFootprint.array(pages.length, 4) + HeapFootprint.array(pageEpochs.length, 4);
        for (long[] page : pages) {
            bytes += page == null ? 0 : HeapFootprint.array(page.length, 8);
        }
        return bytes;
    }

    int mode(int pos) {
        return InodeRecord.mode(get(pos, InodeRecord.MODE_FLAGS_NLINK));
    }

    int flags(int pos) {
        return InodeRecord.flags(get(pos, InodeRecord.MODE_FLAGS_NLINK));
    }

    void setFlags(int pos, int flags) {
        long w = get(pos, InodeRecord.MODE_FLAGS_NLINK);
        set(pos, InodeRecord.MODE_FLAGS_NLINK, InodeRecord.packModeFlagsNlink(InodeRecord.mode(w), flags, InodeRecord.nlink(w)));
    }

    /** The low 32 bits of the record's seq (all of it unless the BIG_SEQ flag is set). */
    int seqLow(int pos) {
        return InodeRecord.high(get(pos, InodeRecord.SEQ_BLOCK_OFFSET));
    }

    void setSeqLow(int pos, int seqLow) {
        long w = get(pos, InodeRecord.SEQ_BLOCK_OFFSET);
        set(pos, InodeRecord.SEQ_BLOCK_OFFSET, InodeRecord.packHalves(seqLow, InodeRecord.low(w)));
    }
}
