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

    /**
     * Every run as blocks of at most {@code blockSize}, adjacent runs joined. Each block is filled
     * by one copy, or is the run itself when one run is exactly the block (runs are never changed
     * in place, and they stay).
     */
    List<Block> blocks(int blockSize) {
        List<Block> blocks = new ArrayList<>();
        List<byte[]> span = new ArrayList<>();
        long spanStart = -1;
        long spanEnd = -1;
        for (Map.Entry<Long, byte[]> e : runs.entrySet()) {
            if (spanStart >= 0 && e.getKey() != spanEnd) {
                cutSpan(span, spanStart, spanEnd, blockSize, blocks);
                span.clear();
                spanStart = -1;
            }
            if (spanStart < 0) {
                spanStart = e.getKey();
            }
            span.add(e.getValue());
            spanEnd = e.getKey() + e.getValue().length;
        }
        if (spanStart >= 0) {
            cutSpan(span, spanStart, spanEnd, blockSize, blocks);
        }
        return blocks;
    }

    /** The adjacent runs {@code span}, covering [start, end), as blocks of {@code blockSize} from {@code start}. */
    private static void cutSpan(List<byte[]> span, long start, long end, int blockSize, List<Block> out) {
        int run = 0;
        int inRun = 0;
        for (long at = start; at < end; ) {
            int length = (int) Math.min(blockSize, end - at);
            if (inRun == 0 && span.get(run).length == length) {
                out.add(new Block(at, span.get(run++)));
                at += length;
                continue;
            }
            byte[] block = new byte[length];
            int filled = 0;
            while (filled < length) {
                byte[] from = span.get(run);
                int n = Math.min(from.length - inRun, length - filled);
                System.arraycopy(from, inRun, block, filled, n);
                filled += n;
                inRun += n;
                if (inRun == from.length) {
                    run++;
                    inRun = 0;
                }
            }
            out.add(new Block(at, block));
            at += length;
        }
    }
}
