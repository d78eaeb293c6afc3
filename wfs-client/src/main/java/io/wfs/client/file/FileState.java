package io.wfs.client.file;

import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SliceInfo;
import java.util.List;

/**
 * What this client knows of one regular file while it has it open: the committed size and slices
 * (fetched at open: close-to-open consistency) and the bytes written here but not yet uploaded.
 * Shared by every handle of the file in this client, so one process's readers see its writers.
 * Guarded by its own monitor; uploads run outside it.
 */
public final class FileState {
    private final long ino;
    private InodeAttr attr;
    private List<SliceInfo> slices;
    private DirtyRanges dirty = new DirtyRanges();
    /** Drained by a flush and not yet committed: readers still see them. */
    private DirtyRanges uploading = new DirtyRanges();
    /** Size including buffered writes and truncates not yet committed. */
    private long size;
    int openHandles;
    /** How far from the end of the last read a read still counts as sequential. */
    static final long SEQUENTIAL_WINDOW = 1 << 20;
    /** End of the last read: a read starting there is sequential and earns read-ahead. */
    private long lastReadEnd = -1;
    /** The last read landed within the window of the one before it (or started the file). */
    private boolean lastReadNear;
    /** Commits whose new slice list this state has not fetched; the next read fetches it. */
    private long unfetchedCommits;

    FileState(long ino, InodeAttr attr, List<SliceInfo> slices) {
        this.ino = ino;
        refreshed(attr, slices);
    }

    public long ino() {
        return ino;
    }

    synchronized void refreshed(InodeAttr attr, List<SliceInfo> slices) {
        this.attr = attr;
        this.slices = slices;
        if (dirty.isEmpty() && uploading.isEmpty()) {
            this.size = attr.size();
        } else {
            this.size = Math.max(this.size, attr.size());
        }
    }

    /**
     * This client committed slices and knows the new attributes but not the new slice list: a
     * read fetches it first ({@link #slicesUnfetched}). Fetching it at every commit cost a
     * round trip per flush and fsync, mostly for files nobody reads before closing.
     */
    synchronized void committedWithoutSlices(InodeAttr attr) {
        refreshed(attr, slices);
        unfetchedCommits++;
    }

    /** The number of commits not reflected in the slice list, 0 when it is current. */
    synchronized long slicesUnfetched() {
        return unfetchedCommits;
    }

    /**
     * A slice list fetched after the commits counted by {@code unfetchedBefore}: current unless
     * another commit happened meanwhile (then the next read fetches again).
     */
    synchronized void fetched(long unfetchedBefore, InodeAttr attr, List<SliceInfo> slices) {
        if (unfetchedCommits == unfetchedBefore) {
            refreshed(attr, slices);
            unfetchedCommits = 0;
        } else {
            // The list has at least the commits before the fetch; the size of a later one stays.
            refreshed(attr.size() >= this.attr.size() ? attr : this.attr, slices);
        }
    }

    public synchronized long size() {
        return size;
    }

    public synchronized InodeAttr attr() {
        return attr;
    }

    synchronized List<SliceInfo> slices() {
        return slices;
    }

    synchronized long committedSize() {
        return attr.size();
    }

    /**
     * Records a read; true if it continues a stream: it starts the file, starts exactly where the
     * last read ended, or lands within {@link #SEQUENTIAL_WINDOW} of it (either way: the kernel's
     * read-ahead sends neighbouring requests from several FUSE threads at once, so a stream arrives
     * slightly out of order) right after a read that did too. One read near the last is not a
     * stream: a random reader of a 128 MiB file lands within a window of its last read one time in
     * 64, and each such read, taken for a stream, fetched a whole chunk plus the read-ahead — 5 MiB
     * for 4 KiB, twenty times the bytes of all the random reads together (docs/benchmarks.md,
     * "O_DIRECT reads: a random reader taken for a stream").
     */
    synchronized boolean readSequentially(long offset, int length) {
        boolean near = lastReadEnd >= 0 && Math.abs(offset - lastReadEnd) <= SEQUENTIAL_WINDOW;
        boolean sequential = offset == 0 || offset == lastReadEnd || near && lastReadNear;
        lastReadEnd = near ? Math.max(lastReadEnd, offset + length) : offset + length;
        lastReadNear = near || offset == 0;
        return sequential;
    }

    /** Buffers a write; returns the bytes now buffered for this file. */
    synchronized long write(long offset, byte[] data) {
        dirty.write(offset, data);
        size = Math.max(size, offset + data.length);
        return dirty.bytes();
    }

    synchronized long dirtyBytes() {
        return dirty.bytes();
    }

    /** Bytes of buffered writes overlapping the range, copied over what the slices gave. */
    synchronized void overlayDirty(long offset, byte[] out, int length) {
        uploading.overlay(offset, out, length);
        dirty.overlay(offset, out, length);
    }

    /** The buffered bytes as blocks, and the size to commit with them; the buffer is empty after. */
    synchronized Drained drain(int blockSize) {
        long bytes = dirty.bytes();
        DirtyRanges taken = dirty;
        dirty = new DirtyRanges();
        // Kept readable until committed; the blocks are copies, so the runs stay intact here.
        List<DirtyRanges.Block> blocks = taken.blocks(blockSize);
        uploading = taken;
        return new Drained(blocks, size, bytes);
    }

    /** The drained bytes are committed (or their flush failed and they are given back). */
    synchronized void uploaded(boolean committed) {
        if (!committed) {
            // Newer writes win over the returned bytes: put the old ones back under them.
            DirtyRanges newer = dirty;
            dirty = uploading;
            for (DirtyRanges.Block b : newer.blocks(Integer.MAX_VALUE)) {
                dirty.write(b.fileOffset(), b.data());
            }
        }
        uploading = new DirtyRanges();
    }

    record Drained(List<DirtyRanges.Block> blocks, long size, long bytes) {
    }

    /** Drops what is buffered (the last handle closed after its upload failed); returns the bytes dropped. */
    synchronized long discardDirty() {
        long bytes = dirty.bytes();
        dirty = new DirtyRanges();
        return bytes;
    }

    /** A truncate: buffered bytes beyond the new size go. */
    synchronized long truncate(long newSize) {
        long before = dirty.bytes();
        dirty.truncate(newSize);
        size = newSize;
        return before - dirty.bytes();
    }
}
