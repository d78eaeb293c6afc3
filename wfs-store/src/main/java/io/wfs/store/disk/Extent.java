package io.wfs.store.disk;

import java.io.IOException;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * One extent of a volume replica: a data file where every block starts on a 4 KiB boundary,
 * and its index file of {@link IndexRecord}s. Appends are positional writes by one writer at a
 * time (the volume's append lock); reads are positional and need no lock. Live and deleted byte
 * counters are kept by the volume under its index lock.
 */
public final class Extent implements AutoCloseable {
    private final int number;
    private final Path dataPath;
    private final Path indexPath;
    private final FileChannel data;
    private final FileChannel index;
    /** The data file again, for reads the page cache serves on an event loop ({@link PageCacheReads}). */
    private final PageCacheFile cached;
    private long dataEnd;
    private long indexEnd;
    private volatile boolean sealed;
    long liveBytes;
    long deletedBytes;
    int liveBlocks;
    /** Deleted blocks whose pages are still on disk, as packed locations: punched once their tombstones are durable. */
    private final LongArrayList holes = new LongArrayList();
    /** Orders punches of this extent (the counters), apart from the record appends that share {@code this}. */
    private final Object punchLock = new Object();
    /** Bytes of deleted blocks given back to the file system, and the pages they took. */
    private volatile long punchedBytes;
    private volatile long punchedPageBytes;

    private Extent(int number, Path dir) throws IOException {
        this.number = number;
        this.dataPath = dir.resolve(String.format("extent-%08d.dat", number));
        this.indexPath = dir.resolve(String.format("extent-%08d.idx", number));
        this.data = FileChannel.open(dataPath, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        this.index = FileChannel.open(indexPath, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        this.cached = new PageCacheFile(dataPath);
        this.dataEnd = data.size();
        this.indexEnd = index.size();
    }

    /** Opens (creating if absent) extent {@code number} in {@code dir}. */
    public static Extent open(Path dir, int number) throws IOException {
        return new Extent(number, dir);
    }

    /** Extent number from a data file name, or -1 when the file is not an extent's data file. */
    public static int numberOf(Path file) {
        String n = file.getFileName().toString();
        if (!n.startsWith("extent-") || !n.endsWith(".dat")) {
            return -1;
        }
        try {
            return Integer.parseInt(n.substring(7, n.length() - 4));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public int number() {
        return number;
    }

    /** Whether a block taking {@code span} bytes fits without passing {@code extentSize} (an empty extent takes any block). */
    public boolean fits(int span, long extentSize) {
        return dataEnd == 0 || BlockLocation.align(dataEnd) + span <= extentSize;
    }

    /**
     * Writes a block at the next 4 KiB boundary followed by its chunk CRCs ({@link ChunkCrcs}),
     * and returns that offset: the block's bytes stay page-aligned, the trailer needs no page of
     * its own for most blocks. Caller holds the append lock.
     */
    public long appendBlock(byte[] block) throws IOException {
        long offset = appendData(block);
        byte[] trailer = ChunkCrcs.trailer(block);
        writeFully(data, ByteBuffer.wrap(trailer), dataEnd);
        dataEnd += trailer.length;
        return offset;
    }

    /** Writes {@code bytes} as they are at the next 4 KiB boundary and returns that offset (GC copies a block with its trailer). */
    public long appendData(byte[] bytes) throws IOException {
        long offset = BlockLocation.align(dataEnd);
        writeFully(data, ByteBuffer.wrap(bytes), offset);
        dataEnd = offset + bytes.length;
        return offset;
    }

    /** Appends one index record. Callers serialize (append lock, or index lock for tombstones). */
    public synchronized void appendRecord(IndexRecord record) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(IndexRecord.BYTES);
        record.writeTo(b);
        b.flip();
        writeFully(index, b, indexEnd);
        indexEnd += IndexRecord.BYTES;
    }

    /** Reads {@code dst.length} bytes at {@code offset}; fails if the file is shorter. */
    public void readFully(long offset, byte[] dst) throws IOException {
        readFully(offset, dst, 0, dst.length);
    }

    /** Reads {@code length} bytes at {@code offset} into {@code dst} from {@code pos} on; fails if the file is shorter. */
    public void readFully(long offset, byte[] dst, int pos, int length) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(dst, pos, length);
        while (b.hasRemaining()) {
            int n = data.read(b, offset + b.position() - pos);
            if (n < 0) {
                throw new IOException("extent " + dataPath + " ends before " + (offset + length));
            }
        }
    }

    /**
     * Reads {@code length} bytes at {@code offset} into {@code dst} from {@code pos} on if the page
     * cache holds them all, without waiting for the disk; false (read them with {@link #readFully})
     * otherwise, and once the extent is closed.
     */
    public boolean readIfCached(long offset, byte[] dst, int pos, int length) {
        return cached.read(offset, dst, pos, length);
    }

    /** The valid prefix of the index file: decoding stops at the first torn or damaged record. */
    public List<IndexRecord> readRecords() throws IOException {
        long size = index.size();
        ByteBuffer b = ByteBuffer.allocate((int) Math.min(size, Integer.MAX_VALUE - 64));
        while (b.hasRemaining() && index.read(b, b.position()) >= 0) {
            // read until full
        }
        b.flip();
        List<IndexRecord> out = new ArrayList<>((int) (size / IndexRecord.BYTES));
        while (b.remaining() >= IndexRecord.BYTES) {
            IndexRecord r = IndexRecord.readFrom(b);
            if (r == null) {
                break;
            }
            out.add(r);
        }
        return out;
    }

    /** Cuts both files: drops a torn tail found at start. */
    public void truncate(long dataBytes, long indexBytes) throws IOException {
        data.truncate(dataBytes);
        index.truncate(indexBytes);
        dataEnd = dataBytes;
        indexEnd = indexBytes;
    }

    public long dataFileSize() throws IOException {
        return data.size();
    }

    public long indexFileSize() throws IOException {
        return index.size();
    }

    /** Makes everything written so far durable (data first, so an index record never outlives its bytes). */
    public void force() throws IOException {
        data.force(false);
        index.force(false);
    }

    /** Flushes and marks the extent full: it takes no more blocks, and becomes a GC candidate. */
    public void seal() throws IOException {
        data.force(false);
        appendRecord(IndexRecord.seal());
        index.force(false);
        sealed = true;
    }

    void markSealed() {
        sealed = true;
    }

    public boolean isSealed() {
        return sealed;
    }

    public long liveBytes() {
        return liveBytes;
    }

    public long deletedBytes() {
        return deletedBytes;
    }

    public int liveBlocks() {
        return liveBlocks;
    }

    /** Bytes both files take (data padded to pages, less the punched pages, plus index). */
    public long diskBytes() {
        return BlockLocation.align(dataEnd) - punchedPageBytes + indexEnd;
    }

    /** Bytes of deleted blocks whose pages were given back to the file system. */
    public long punchedBytes() {
        return punchedBytes;
    }

    /**
     * Remembers a deleted block's pages (its packed location in this extent, so its CRC trailer
     * goes too), to be punched by {@link #punchHoles()} once its tombstone is durable.
     */
    void addHole(long location) {
        synchronized (holes) {
            holes.add(location);
        }
    }

    /**
     * Gives the pages of the deleted blocks added since the last call back to the file system.
     * Call only after {@link #force()}: a tombstone must be durable before its bytes are gone, or a
     * crash would bring back a live block of zeros. Returns false when the file system cannot punch.
     */
    public boolean punchHoles() throws IOException {
        long[] todo;
        synchronized (holes) {
            if (holes.isEmpty()) {
                return true;
            }
            todo = holes.toLongArray();
            holes.clear();
        }
        synchronized (punchLock) {
            if (!HolePunch.punch(dataPath, todo)) {
                return false;
            }
            long bytes = 0;
            long pages = 0;
            for (long r : todo) {
                long offset = BlockLocation.offset(r);
                bytes += BlockLocation.length(r);
                pages += BlockLocation.align(offset + BlockLocation.span(r)) - offset;
            }
            punchedBytes += bytes;
            punchedPageBytes += pages;
            return true;
        }
    }

    @Override
    public void close() throws IOException {
        cached.close();
        data.close();
        index.close();
    }

    /** Closes and removes both files (after GC moved every live block away). */
    public void delete() throws IOException {
        close();
        Files.deleteIfExists(dataPath);
        Files.deleteIfExists(indexPath);
    }

    private static void writeFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
        long p = position;
        while (b.hasRemaining()) {
            p += ch.write(b, p);
        }
    }

    @Override
    public String toString() {
        return dataPath.toString();
    }
}
