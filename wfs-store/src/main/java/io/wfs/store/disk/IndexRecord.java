package io.wfs.store.disk;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * One fixed-size record of an extent's index file ({@code extent-N.idx}), appended after the
 * block's bytes are in the data file. The records alone rebuild the in-memory index at start.
 *
 * <pre>
 *  0 blockId  8 version  16 offset  20 length  24 crc (CRC32C of the block)  28 kind
 * 32 reserved  36 recordCrc (CRC32C of bytes 0..35)
 * </pre>
 *
 * {@code version} orders copies of one block across extents (a repaired or compacted copy
 * carries a version; the highest wins at replay). A tombstone kills the copy in its own extent
 * only, so a newer copy elsewhere survives it.
 */
public record IndexRecord(long blockId, long version, int offset, int length, int crc, int kind) {
    public static final int BYTES = 40;
    public static final int BLOCK = 0;
    public static final int TOMBSTONE = 1;
    /** The extent takes no more blocks (tombstones may still follow). */
    public static final int SEAL = 2;

    public static IndexRecord block(long blockId, long version, int offset, int length, int crc) {
        return new IndexRecord(blockId, version, offset, length, crc, BLOCK);
    }

    public static IndexRecord tombstone(long blockId, int offset, int length) {
        return new IndexRecord(blockId, 0, offset, length, 0, TOMBSTONE);
    }

    public static IndexRecord seal() {
        return new IndexRecord(0, 0, 0, 0, 0, SEAL);
    }

    public void writeTo(ByteBuffer out) {
        int start = out.position();
        out.putLong(blockId).putLong(version).putInt(offset).putInt(length).putInt(crc).putInt(kind).putInt(0);
        CRC32C c = new CRC32C();
        c.update(out.duplicate().position(start).limit(start + BYTES - 4));
        out.putInt((int) c.getValue());
    }

    /** Decodes the record at the buffer's position; null when its CRC or kind is wrong (a torn or damaged record). */
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
        in.getInt();
        int recordCrc = in.getInt();
        if (recordCrc != (int) c.getValue() || kind < BLOCK || kind > SEAL || length < 0 || offset < 0) {
            return null;
        }
        return new IndexRecord(blockId, version, offset, length, crc, kind);
    }
}
