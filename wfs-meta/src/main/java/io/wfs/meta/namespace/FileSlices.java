package io.wfs.meta.namespace;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongSet;

/**
 * Slices of the regular files of one slot: the single slice of a typical small file, starting
 * at offset 0, lives in the inode record (words 7-9); any other file with slices has a
 * {@link SliceList} in the overflow map (keyed by seq) and the SLICE_OVERFLOW flag. A record
 * without the flag and with inline length 0 has no slices.
 */
final class FileSlices {
    private final InodeTable table;
    private Long2ObjectOpenHashMap<SliceList> overflow;
    /** A snapshot shares the overflow lists: change copies, not the lists themselves. */
    private boolean sharing;

    FileSlices(SlotState state) {
        this.table = state.table;
    }

    /** The slices of a snapshot's frozen slot (its table): the lists are shared until {@link #stopSharing}. */
    FileSlices frozenCopy(SlotState frozen) {
        FileSlices copy = new FileSlices(frozen);
        copy.overflow = overflow == null ? null : overflow.clone();
        sharing = true;
        return copy;
    }

    void stopSharing() {
        sharing = false;
    }

    void add(int pos, long seq, long fileOffset, int length, int volume, long blockId, int blockOffset,
             LongArrayList freed) {
        SliceList.checkSlice(fileOffset, length, blockId, blockOffset);
        if (fileOffset == 0 && !hasOverflow(pos) && inlineLength(pos) == 0) {
            setInline(pos, length, volume, blockId, blockOffset);
            return;
        }
        SliceList list = current(pos, seq);
        list.add(fileOffset, length, volume, blockId, blockOffset, freed);
        store(pos, seq, list);
    }

    /** The slices of one commit, in order ({@link SliceList#addAll}); one slice goes as {@link #add}. */
    void addAll(int pos, long seq, long[] fileOffsets, int[] lengths, int[] volumes, long[] blockIds, int[] blockOffsets,
                LongArrayList freed) {
        if (fileOffsets.length == 1) {
            add(pos, seq, fileOffsets[0], lengths[0], volumes[0], blockIds[0], blockOffsets[0], freed);
            return;
        }
        SliceList list = current(pos, seq);
        list.addAll(fileOffsets, lengths, volumes, blockIds, blockOffsets, freed);
        store(pos, seq, list);
    }

    void truncate(int pos, long seq, long newSize, LongArrayList freed) {
        SliceList list = current(pos, seq);
        list.truncate(newSize, freed);
        store(pos, seq, list);
    }

    void releaseAll(int pos, long seq, LongArrayList freed) {
        SliceList list = current(pos, seq);
        list.releaseAll(freed);
        store(pos, seq, list);
    }

    void list(int pos, long seq, SliceList out) {
        out.clear();
        if (hasOverflow(pos)) {
            SliceList list = overflow.get(seq);
            for (int i = 0; i < list.count(); i++) {
                out.append(list.fileOffset(i), list.length(i), list.volume(i), list.blockId(i), list.blockOffset(i));
            }
        } else if (inlineLength(pos) != 0) {
            appendInline(pos, out);
        }
    }

    /**
     * Removes from {@code candidates} every block id a file of this slot references: the inline
     * slices of the inode records, then the overflow lists. No per-block index is kept (it would
     * cost 8+ bytes per block on every replica for a question asked rarely); callers batch ids.
     */
    void removeReferenced(LongSet candidates) {
        for (int pos = 0; pos < table.highWater() && !candidates.isEmpty(); pos++) {
            if (table.isLive(pos) && FileType.isRegular(table.mode(pos)) && !hasOverflow(pos) && inlineLength(pos) != 0) {
                candidates.remove(table.get(pos, InodeRecord.SLICE_BLOCK));
            }
        }
        if (overflow != null) {
            for (SliceList list : overflow.values()) {
                for (int i = 0; i < list.count() && !candidates.isEmpty(); i++) {
                    candidates.remove(list.blockId(i));
                }
            }
        }
    }

    /** Replaces the file's slices with list (which the caller gives up); used by snapshot load. */
    void store(int pos, long seq, SliceList list) {
        int flags = table.flags(pos);
        boolean fitsInline = list.count() == 0 || (list.count() == 1 && list.fileOffset(0) == 0);
        if (!fitsInline) {
            if (overflow == null) {
                overflow = new Long2ObjectOpenHashMap<>();
            }
            list.trim();
            overflow.put(seq, list);
            clearInline(pos);
            table.setFlags(pos, flags | InodeFlags.SLICE_OVERFLOW);
            return;
        }
        if ((flags & InodeFlags.SLICE_OVERFLOW) != 0) {
            overflow.remove(seq);
            table.setFlags(pos, flags & ~InodeFlags.SLICE_OVERFLOW);
        }
        if (list.count() == 1) {
            setInline(pos, list.length(0), list.volume(0), list.blockId(0), list.blockOffset(0));
        } else {
            clearInline(pos);
        }
    }

    /** A working copy for inline slices, the stored list itself for overflow (a copy while a snapshot shares it). */
    private SliceList current(int pos, long seq) {
        if (hasOverflow(pos)) {
            SliceList stored = overflow.get(seq);
            return sharing ? stored.copy() : stored;
        }
        SliceList list = new SliceList(3);
        if (inlineLength(pos) != 0) {
            appendInline(pos, list);
        }
        return list;
    }

    private boolean hasOverflow(int pos) {
        return (table.flags(pos) & InodeFlags.SLICE_OVERFLOW) != 0;
    }

    private int inlineLength(int pos) {
        return InodeRecord.high(table.get(pos, InodeRecord.SLICE_LENGTH_VOLUME));
    }

    private void appendInline(int pos, SliceList out) {
        long lengthVolume = table.get(pos, InodeRecord.SLICE_LENGTH_VOLUME);
        out.append(0, InodeRecord.high(lengthVolume),
                InodeRecord.low(lengthVolume), table.get(pos, InodeRecord.SLICE_BLOCK),
                InodeRecord.low(table.get(pos, InodeRecord.SEQ_BLOCK_OFFSET)));
    }

    private void setInline(int pos, int length, int volume, long blockId, int blockOffset) {
        table.set(pos, InodeRecord.SLICE_BLOCK, blockId);
        table.set(pos, InodeRecord.SLICE_LENGTH_VOLUME, InodeRecord.packHalves(length, volume));
        long seqWord = table.get(pos, InodeRecord.SEQ_BLOCK_OFFSET);
        table.set(pos, InodeRecord.SEQ_BLOCK_OFFSET, InodeRecord.packHalves(InodeRecord.high(seqWord), blockOffset));
    }

    private void clearInline(int pos) {
        setInline(pos, 0, 0, 0, 0);
    }
}
