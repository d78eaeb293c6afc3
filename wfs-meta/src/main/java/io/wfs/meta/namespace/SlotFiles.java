package io.wfs.meta.namespace;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * The contents of a slot's regular files: the slices a write records, truncation, and which
 * blocks no file references. Sizes count toward the slot's used bytes and the directory quotas;
 * every change is reported to the slot's lease listener like any other ({@link SlotState}).
 */
public final class SlotFiles {
    private final SlotState state;

    SlotFiles(SlotState state) {
        this.state = state;
    }

    /**
     * Records the slices of one commit, in order: each shadows what it overlaps (later ones what
     * earlier ones wrote), and the size grows to cover them all. The same as {@link #addSlice} for
     * each, in one pass over the file's slices.
     */
    public void addSlices(long ino, java.util.List<io.wfs.common.msg.meta.SliceInfo> slices, LongArrayList freedBlocks) {
        int n = slices.size();
        if (n == 0) {
            return;
        }
        long[] offsets = new long[n];
        int[] lengths = new int[n];
        int[] volumes = new int[n];
        long[] blocks = new long[n];
        int[] blockOffsets = new int[n];
        long end = 0;
        for (int i = 0; i < n; i++) {
            io.wfs.common.msg.meta.SliceInfo s = slices.get(i);
            offsets[i] = s.fileOffset();
            lengths[i] = s.length();
            volumes[i] = s.volume();
            blocks[i] = s.blockId();
            blockOffsets[i] = s.blockOffset();
            end = Math.max(end, s.fileOffset() + s.length());
        }
        addCovering(ino, end, pos -> state.slices.addAll(pos, InodeNumbers.seqOf(ino), offsets, lengths, volumes, blocks,
                blockOffsets, freedBlocks));
    }

    /** Records a write: the slice shadows what it overlaps and the size grows to cover it. */
    public void addSlice(long ino, long fileOffset, int length, int volume, long blockId, int blockOffset,
                         LongArrayList freedBlocks) {
        addCovering(ino, fileOffset + length, pos -> state.slices.add(pos, InodeNumbers.seqOf(ino), fileOffset, length,
                volume, blockId, blockOffset, freedBlocks));
    }

    /** Slices added to regular file {@code ino} by {@code add}, after the quota allowed the size's growth to {@code end}. */
    private void addCovering(long ino, long end, java.util.function.IntConsumer add) {
        int pos = state.regularFile(ino);
        state.changed(pos, ino);
        long size = state.table.get(pos, InodeRecord.SIZE);
        DirectoryQuota quota = end > size ? state.quotas.checkGrowth(ino, end - size, 0) : null;
        add.accept(pos);
        if (end > size) {
            state.table.set(pos, InodeRecord.SIZE, end);
            state.usedBytes += end - size;
            if (quota != null) {
                quota.add(end - size, 0);
            }
        }
    }

    /** Sets the size; slices beyond it are cut or dropped and their now unreferenced blocks freed. */
    public void truncate(long ino, long newSize, LongArrayList freedBlocks) {
        if (newSize < 0) {
            throw new NamespaceException(NamespaceException.Code.EINVAL, "negative size");
        }
        int pos = state.regularFile(ino);
        state.changed(pos, ino);
        long size = state.table.get(pos, InodeRecord.SIZE);
        DirectoryQuota quota = state.quotas.checkGrowth(ino, newSize - size, 0);
        if (newSize < size) {
            state.slices.truncate(pos, InodeNumbers.seqOf(ino), newSize, freedBlocks);
        }
        state.table.set(pos, InodeRecord.SIZE, newSize);
        state.usedBytes += newSize - size;
        if (quota != null) {
            quota.add(newSize - size, 0);
        }
    }

    /**
     * The ids among {@code blockIds} that no file of this slot references (in the order given):
     * blocks written but never committed, or already freed. One pass over the slot's inodes.
     */
    public long[] unreferenced(long[] blockIds) {
        LongOpenHashSet left = new LongOpenHashSet(blockIds);
        state.slices.removeReferenced(left);
        LongArrayList out = new LongArrayList(left.size());
        for (long id : blockIds) {
            if (left.remove(id)) {
                out.add(id);
            }
        }
        return out.toLongArray();
    }

    /** Fills out with the file's slices in offset order. */
    public void listSlices(long ino, SliceList out) {
        state.slices.list(state.regularFile(ino), InodeNumbers.seqOf(ino), out);
    }
}
