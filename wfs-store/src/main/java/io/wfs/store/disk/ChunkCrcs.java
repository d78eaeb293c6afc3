package io.wfs.store.disk;

import java.util.zip.CRC32C;

/**
 * Per-chunk checksums of a block: one CRC32C for every {@value #CHUNK} bytes (the last chunk may
 * be shorter), stored as a trailer of big-endian ints right after the block's bytes in its
 * extent. A read of a byte range reads and checks only the chunks it covers plus their 4-byte
 * entries, so a random 4 KiB read of a 4 MiB block reads 64 KiB instead of 4 MiB. The trailer
 * is at most 256 bytes (64 chunks of a 4 MiB block). A block of one chunk (up to 64 KiB) has no
 * trailer: its one chunk CRC is the whole-block CRC the index already holds, and a 4 KiB block
 * would otherwise take a second page for 4 bytes.
 */
public final class ChunkCrcs {
    /** Bytes per checksummed chunk. */
    public static final int CHUNK = 64 << 10;

    private ChunkCrcs() {
    }

    /** Chunks of a block of {@code length} bytes. */
    public static int count(int length) {
        return (length + CHUNK - 1) / CHUNK;
    }

    /** Whether a block of {@code length} bytes has a trailer (more than one chunk). */
    public static boolean hasTrailer(int length) {
        return length > CHUNK;
    }

    /** Bytes of the trailer of a block of {@code length} bytes (0 for a block of one chunk). */
    public static int trailerBytes(int length) {
        return hasTrailer(length) ? 4 * count(length) : 0;
    }

    /** The trailer for {@code data}: one big-endian CRC32C per chunk; empty for a block of one chunk. */
    public static byte[] trailer(byte[] data) {
        byte[] out = new byte[trailerBytes(data.length)];
        if (out.length == 0) {
            return out;
        }
        CRC32C c = new CRC32C();
        for (int i = 0, from = 0; from < data.length; i++, from += CHUNK) {
            c.reset();
            c.update(data, from, Math.min(CHUNK, data.length - from));
            putInt(out, 4 * i, (int) c.getValue());
        }
        return out;
    }

    /**
     * Checks the chunks held in {@code data[dataPos, dataPos + dataLength)}, which start at a chunk
     * boundary, against their entries in {@code trailer} from {@code trailerPos} on (the entry of
     * the first chunk held). Returns the index (counted from the first chunk held) of the first
     * chunk that fails, or -1 when all match.
     */
    public static int firstBad(byte[] data, int dataPos, int dataLength, byte[] trailer, int trailerPos) {
        CRC32C c = new CRC32C();
        for (int i = 0, from = 0; from < dataLength; i++, from += CHUNK) {
            c.reset();
            c.update(data, dataPos + from, Math.min(CHUNK, dataLength - from));
            if ((int) c.getValue() != getInt(trailer, trailerPos + 4 * i)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether a block's bytes as stored ({@code span}: its {@code length} bytes, then the trailer
     * when {@code chunked}) are intact: every chunk against the trailer, or, for a block of the old
     * format or of one chunk, the whole block against {@code crc}. The scrubber and the torn-tail
     * check use it.
     */
    public static boolean intact(boolean chunked, int crc, byte[] span, int length) {
        if (!chunked || !hasTrailer(length)) {
            return Crc.of(span) == crc;
        }
        return firstBad(span, 0, length, span, length) < 0;
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
    }
}
