package io.wfs.client.file;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The bytes a file was written but not yet uploaded: non-overlapping runs keyed by file offset,
 * a newer write cutting what it covers out of older runs. Sequential writes add adjacent runs
 * without copying what is already buffered; a flush coalesces them into blocks once.
 */
final class DirtyRanges {
    /** A block to upload: {@code data} goes at {@code fileOffset}. */
    record Block(long fileOffset, byte[] data) {
    }

    private final TreeMap<Long, byte[]> runs = new TreeMap<>();
    private long bytes;

    long bytes() {
        return bytes;
    }

    boolean isEmpty() {
        return runs.isEmpty();
    }

    /** End of the last run (0 when empty). */
    long end() {
        Map.Entry<Long, byte[]> last = runs.lastEntry();
        return last == null ? 0 : last.getKey() + last.getValue().length;
    }

    /** Buffers {@code data} (owned by this object from now on) at {@code offset}. */
    void write(long offset, byte[] data) {
        long end = offset + data.length;
        Map.Entry<Long, byte[]> before = runs.lowerEntry(offset);
        if (before != null) {
            long beforeEnd = before.getKey() + before.getValue().length;
            if (beforeEnd > offset) {
                cut(before.getKey(), before.getValue(), offset, end);
            }
        }
        for (Map.Entry<Long, byte[]> e : new ArrayList<>(runs.subMap(offset, true, end, false).entrySet())) {
            cut(e.getKey(), e.getValue(), offset, end);
        }
        runs.put(offset, data);
        bytes += data.length;
    }

    /** Removes [from, to) from the run at {@code start}, keeping what lies outside. */
    private void cut(long start, byte[] run, long from, long to) {
        runs.remove(start);
        bytes -= run.length;
        long runEnd = start + run.length;
        if (start < from) {
            byte[] head = java.util.Arrays.copyOf(run, (int) (from - start));
            runs.put(start, head);
            bytes += head.length;
        }
        if (runEnd > to) {
            byte[] tail = java.util.Arrays.copyOfRange(run, (int) (to - start), run.length);
            runs.put(to, tail);
            bytes += tail.length;
        }
    }

    /** Copies the buffered bytes overlapping [offset, offset + out.length) over {@code out}. */
    void overlay(long offset, byte[] out, int length) {
        long end = offset + length;
        Map.Entry<Long, byte[]> first = runs.floorEntry(offset);
        long from = first != null ? first.getKey() : offset;
        for (Map.Entry<Long, byte[]> e : runs.subMap(from, true, end, false).entrySet()) {
            long s = Math.max(e.getKey(), offset);
            long t = Math.min(e.getKey() + e.getValue().length, end);
            if (s < t) {
                System.arraycopy(e.getValue(), (int) (s - e.getKey()), out, (int) (s - offset), (int) (t - s));
            }
        }
    }

    /** Drops everything at or beyond {@code size} (a truncate while bytes are buffered). */
    void truncate(long size) {
        Map.Entry<Long, byte[]> e = runs.lowerEntry(size);
        if (e != null && e.getKey() + e.getValue().length > size) {
            cut(e.getKey(), e.getValue(), size, Long.MAX_VALUE);
        }
        for (Long start : new ArrayList<>(runs.tailMap(size, true).keySet())) {
            bytes -= runs.remove(start).length;
        }
    }

    /** Every run as blocks of at most {@code blockSize}, adjacent runs joined (copies; the runs stay). */
    List<Block> blocks(int blockSize) {
        List<Block> blocks = new ArrayList<>();
        long start = -1;
        java.io.ByteArrayOutputStream current = new java.io.ByteArrayOutputStream();
        for (Map.Entry<Long, byte[]> e : runs.entrySet()) {
            byte[] run = e.getValue();
            int done = 0;
            if (start >= 0 && start + current.size() != e.getKey()) {
                blocks.add(new Block(start, current.toByteArray()));
                current.reset();
                start = -1;
            }
            while (done < run.length) {
                if (start < 0) {
                    start = e.getKey() + done;
                }
                int n = Math.min(run.length - done, blockSize - current.size());
                current.write(run, done, n);
                done += n;
                if (current.size() == blockSize) {
                    blocks.add(new Block(start, current.toByteArray()));
                    current.reset();
                    start = -1;
                }
            }
        }
        if (start >= 0 && current.size() > 0) {
            blocks.add(new Block(start, current.toByteArray()));
        }
        return blocks;
    }
}
