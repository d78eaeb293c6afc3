package io.wfs.meta.namespace;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;

/**
 * The visible slices of one file: sorted by file offset, never overlapping. A new slice cuts
 * the parts of older slices it covers, so the list always describes what a read returns and
 * its length stays bounded by the number of distinct writes still visible.
 * Packed {@value #WORDS} longs per slice: file offset, block id, length(32)|volume(32),
 * offset in block. Used for multi-slice files (the slot's overflow map) and as a working
 * buffer for the single inline slice.
 */
public final class SliceList {
    static final int WORDS = 4;

    private long[] words;
    private int count;

    public SliceList() {
        this(2);
    }

    /** An independent copy (a snapshot keeps the original while the live list changes). */
    SliceList copy() {
        SliceList copy = new SliceList(0);
        copy.words = words.clone();
        copy.count = count;
        return copy;
    }

    SliceList(int capacity) {
        words = new long[capacity * WORDS];
    }

    public int count() {
        return count;
    }

    public long fileOffset(int i) {
        return words[i * WORDS];
    }

    public long blockId(int i) {
        return words[i * WORDS + 1];
    }

    public int length(int i) {
        return (int) (words[i * WORDS + 2] >>> 32);
    }

    public int volume(int i) {
        return (int) words[i * WORDS + 2];
    }

    public int blockOffset(int i) {
        return (int) words[i * WORDS + 3];
    }

    public long end(int i) {
        return fileOffset(i) + length(i);
    }

    void clear() {
        count = 0;
    }

    /** Appends without checks; callers keep the list sorted and non-overlapping. */
    void append(long fileOffset, int length, int volume, long blockId, int blockOffset) {
        if ((count + 1) * WORDS > words.length) {
            words = Arrays.copyOf(words, Math.max(2, count + (count >>> 1) + 1) * WORDS);
        }
        int base = count * WORDS;
        words[base] = fileOffset;
        words[base + 1] = blockId;
        words[base + 2] = ((long) length << 32) | (volume & 0xFFFFFFFFL);
        words[base + 3] = blockOffset & 0xFFFFFFFFL;
        count++;
    }

    static void checkSlice(long fileOffset, int length, long blockId, int blockOffset) {
        if (fileOffset < 0 || length <= 0 || blockOffset < 0 || blockId == 0
                || fileOffset + length < fileOffset) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "invalid slice at " + fileOffset
                    + " length " + length + " block " + blockId + "+" + blockOffset);
        }
    }

    /**
     * Adds a slice that shadows whatever it overlaps. Block ids no slice references any more
     * are appended to freed.
     */
    public void add(long fileOffset, int length, int volume, long blockId, int blockOffset, LongArrayList freed) {
        checkSlice(fileOffset, length, blockId, blockOffset);
        long end = fileOffset + length;
        long[] old = words;
        int oldCount = count;
        int first = firstEndingAfter(fileOffset);
        words = new long[Math.max(oldCount + 2, 2) * WORDS];
        count = 0;
        System.arraycopy(old, 0, words, 0, first * WORDS);
        count = first;
        LongArrayList shadowed = new LongArrayList(2);
        int i = first;
        for (; i < oldCount && old[i * WORDS] < end; i++) {
            int b = i * WORDS;
            long start = old[b];
            long pieceEnd = start + (int) (old[b + 2] >>> 32);
            long block = old[b + 1];
            int volumeOf = (int) old[b + 2];
            int offsetInBlock = (int) old[b + 3];
            if (start < fileOffset) {
                append(start, (int) (fileOffset - start), volumeOf, block, offsetInBlock);
            }
            if (pieceEnd > end) {
                // Appended after the new slice below; remember it by leaving i on it.
                break;
            }
            shadowed.add(block);
        }
        append(fileOffset, length, volume, blockId, blockOffset);
        if (i < oldCount && old[i * WORDS] < end) {
            int b = i * WORDS;
            long start = old[b];
            int pieceLength = (int) (old[b + 2] >>> 32);
            append(end, (int) (start + pieceLength - end), (int) old[b + 2], old[b + 1],
                    (int) (old[b + 3] + (end - start)));
            i++;
        }
        int tail = oldCount - i;
        if (tail > 0) {
            ensureCapacity(count + tail);
            System.arraycopy(old, i * WORDS, words, count * WORDS, tail * WORDS);
            count += tail;
        }
        collectUnreferenced(shadowed, freed);
    }

    /**
     * Adds the slices of one commit, in order, as {@link #add} one by one would, but in one pass
     * over the list when they are sorted by file offset and do not overlap (a flush's dirty runs):
     * a commit of thousands of random 4 KiB writes onto a file of tens of thousands of slices
     * cost the replicas a copy of the whole list, and a set of all its blocks, per slice.
     * Arrays are parallel: one slice per index.
     */
    public void addAll(long[] fileOffsets, int[] lengths, int[] volumes, long[] blockIds, int[] blockOffsets,
                       LongArrayList freed) {
        int m = fileOffsets.length;
        boolean sortedAndDisjoint = true;
        for (int k = 0; k < m; k++) {
            checkSlice(fileOffsets[k], lengths[k], blockIds[k], blockOffsets[k]);
            if (k > 0 && fileOffsets[k] < fileOffsets[k - 1] + lengths[k - 1]) {
                sortedAndDisjoint = false;
            }
        }
        if (!sortedAndDisjoint || m < 2) {
            for (int k = 0; k < m; k++) {
                add(fileOffsets[k], lengths[k], volumes[k], blockIds[k], blockOffsets[k], freed);
            }
            return;
        }
        long[] old = words;
        int oldCount = count;
        words = new long[(oldCount + 2 * m) * WORDS];
        count = 0;
        LongArrayList shadowed = new LongArrayList();
        OldPieces p = new OldPieces(old, oldCount);
        for (int k = 0; k < m; k++) {
            long start = fileOffsets[k];
            long end = start + lengths[k];
            while (p.has() && p.end() <= start) {
                p.emitTo(this);
            }
            while (p.has() && p.start < end) {
                if (p.start < start) {
                    append(p.start, (int) (start - p.start), p.volume, p.block, p.offset);
                }
                if (p.end() > end) {
                    p.cutBefore(end);
                    break;
                }
                shadowed.add(p.block);
                p.next();
            }
            append(start, lengths[k], volumes[k], blockIds[k], blockOffsets[k]);
        }
        while (p.has()) {
            p.emitTo(this);
        }
        collectUnreferenced(shadowed, freed);
    }

    /** A cursor over the slices of the list before a batch, whose current piece a batch may have cut at its start. */
    private static final class OldPieces {
        private final long[] old;
        private final int count;
        private int next;
        private boolean has;
        long start;
        int length;
        int volume;
        long block;
        int offset;

        OldPieces(long[] old, int count) {
            this.old = old;
            this.count = count;
            next();
        }

        boolean has() {
            return has;
        }

        long end() {
            return start + length;
        }

        void next() {
            has = next < count;
            if (has) {
                int b = next++ * WORDS;
                start = old[b];
                block = old[b + 1];
                length = (int) (old[b + 2] >>> 32);
                volume = (int) old[b + 2];
                offset = (int) old[b + 3];
            }
        }

        /** The piece keeps only its part from {@code at}. */
        void cutBefore(long at) {
            offset += (int) (at - start);
            length -= (int) (at - start);
            start = at;
        }

        void emitTo(SliceList list) {
            list.append(start, length, volume, block, offset);
            next();
        }
    }

    /** Drops everything at or beyond newSize; block ids no slice references any more go to freed. */
    public void truncate(long newSize, LongArrayList freed) {
        LongArrayList dropped = new LongArrayList(2);
        int keep = firstEndingAfter(newSize);
        if (keep < count && fileOffset(keep) < newSize) {
            int b = keep * WORDS;
            words[b + 2] = ((newSize - fileOffset(keep)) << 32) | (words[b + 2] & 0xFFFFFFFFL);
            keep++;
        }
        for (int i = keep; i < count; i++) {
            dropped.add(blockId(i));
        }
        count = keep;
        collectUnreferenced(dropped, freed);
    }

    /** Empties the list and appends every block id it referenced, once each, in file order (for unlink). */
    public void releaseAll(LongArrayList out) {
        LongArrayList all = new LongArrayList(count);
        for (int i = 0; i < count; i++) {
            all.add(blockId(i));
        }
        count = 0;
        collectUnreferenced(all, out);
    }

    private void ensureCapacity(int slices) {
        if (slices * WORDS > words.length) {
            words = Arrays.copyOf(words, slices * WORDS);
        }
    }

    /** Index of the first slice whose end is after offset (ends are sorted because slices do not overlap). */
    private int firstEndingAfter(long offset) {
        int low = 0;
        int high = count;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (end(mid) <= offset) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    private void collectUnreferenced(LongArrayList candidates, LongArrayList freed) {
        if (candidates.isEmpty()) {
            return;
        }
        LongOpenHashSet stillReferenced = new LongOpenHashSet(count);
        for (int i = 0; i < count; i++) {
            stillReferenced.add(blockId(i));
        }
        LongOpenHashSet reported = new LongOpenHashSet(candidates.size());
        for (int i = 0; i < candidates.size(); i++) {
            long block = candidates.getLong(i);
            if (!stillReferenced.contains(block) && reported.add(block)) {
                freed.add(block);
            }
        }
    }

    /** Trims the backing array to the slice count (after loading or before long-term storage). */
    void trim() {
        if (words.length != count * WORDS) {
            words = Arrays.copyOf(words, count * WORDS);
        }
    }
}
