package io.wfs.store.disk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * One fixed-size record of an extent's index file ({@code extent-N.idx}), appended after the
 * block's bytes are in the data file. The records alone rebuild the in-memory index at start.
 *
 * <pre>
 *  0 blockId  8 version  16 offset  20 length  24 crc (CRC32C of the whole block)  28 kind
 * 32 format  36 recordCrc (CRC32C of bytes 0..35)
 * </pre>
 *
 * {@code version} orders copies of one block across extents (a repaired or compacted copy
 * carries a version; the highest wins at replay). A tombstone kills the copy in its own extent
 * only, so a newer copy elsewhere survives it. {@code format} says how the block's bytes are
 * checksummed on disk: {@link #WHOLE} (the first format; the field was a reserved 0) has only the
 * whole-block {@code crc}; {@link #CHUNKED} blocks are followed in the data file by their
 * per-64 KiB CRC32Cs ({@link ChunkCrcs}). Both may stand in one extent.
 */
public record IndexRecord(long blockId, long version, int offset, int length, int crc, int kind, int format) {
    public static final int BYTES = 40;
    public static final int BLOCK = 0;
    public static final int TOMBSTONE = 1;
    /** The extent takes no more blocks (tombstones may still follow). */
    public static final int SEAL = 2;
    /** Only the whole-block CRC (records written before per-chunk CRCs). */
    public static final int WHOLE = 0;
    /** The block's bytes are followed by a CRC32C per 64 KiB chunk; what every new block gets. */
    public static final int CHUNKED = 1;

    /** A block record of the current format ({@link #CHUNKED}). */
    public static IndexRecord block(long blockId, long version, int offset, int length, int crc) {
        return new IndexRecord(blockId, version, offset, length, crc, BLOCK, CHUNKED);
    }

    public static IndexRecord tombstone(long blockId, int offset, int length) {
        return new IndexRecord(blockId, 0, offset, length, 0, TOMBSTONE, WHOLE);
    }

    public static IndexRecord seal() {
        return new IndexRecord(0, 0, 0, 0, 0, SEAL, WHOLE);
    }

    public boolean chunked() {
        return format == CHUNKED;
    }

    /** The packed {@link BlockLocation} of this block record's copy in extent {@code extent}. */
    public long location(int extent) {
        return BlockLocation.pack(extent, offset, length, chunked());
    }

    /** Bytes the block takes in the data file (its bytes plus its chunk CRCs). */
    public int span() {
        return chunked() ? length + ChunkCrcs.trailerBytes(length) : length;
    }

    public void writeTo(ByteBuffer out) {
        int start = out.position();
        out.putLong(blockId).putLong(version).putInt(offset).putInt(length).putInt(crc).putInt(kind).putInt(format);
        CRC32C c = new CRC32C();
        c.update(out.duplicate().position(start).limit(start + BYTES - 4));
        out.putInt((int) c.getValue());
    }

    /**
     * Decodes the record at the buffer's position; null when its CRC or kind is wrong (a torn or
     * damaged record). A sound record of a format this version does not know fails loudly: cutting
     * it as torn would drop blocks a newer version wrote.
     */
    public static IndexRecord readFrom(ByteBuffer in) {
        int start = in.position();
        CRC32C c = new CRC32C();
        c.update(in.duplicate().position(start).limit(start + BYTES - 4));
        long blockId = in.getLong();
        long version = in.getLong();
        int offset = in.getInt();
        int length = in.getInt();
        int crc = in.getInt();
        int kind = in.getInt();
        int format = in.getInt();
        int recordCrc = in.getInt();
        if (recordCrc != (int) c.getValue() || kind < BLOCK || kind > SEAL || length < 0 || offset < 0) {
            return null;
        }
        if (format != WHOLE && format != CHUNKED) {
            throw new UncheckedIOException(new IOException("index record of block " + blockId + " has format " + format
                    + ", unknown to this version (written by a newer one?)"));
        }
        return new IndexRecord(blockId, version, offset, length, crc, kind, format);
    }
}
