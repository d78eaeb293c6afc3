package io.wfs.store.disk;

/**
 * Where a block lives, packed in one long so the index is a primitive map:
 * {@code [deleted:1][chunked:1][extent:21][page:18][length:23]}. Blocks start on 4 KiB pages,
 * extents are at most 1 GiB (2^18 pages) and blocks at most 4 MiB (needs 23 bits). {@code chunked}
 * says the block's bytes are followed by its per-64 KiB CRC32Cs ({@link ChunkCrcs}); a block
 * written before they existed has only its whole-block CRC. 0 means "absent".
 */
public final class BlockLocation {
    public static final int PAGE = 4096;
    /** 2^21 - 1 extents of a volume: with the default 256 MiB extents, 512 TiB per volume. */
    public static final int MAX_EXTENT_NUMBER = (1 << 21) - 1;
    private static final long DELETED = 1L << 63;
    private static final long CHUNKED = 1L << 62;

    private BlockLocation() {
    }

    public static long pack(int extent, long offset, int length, boolean chunked) {
        if ((offset & (PAGE - 1)) != 0) {
            throw new IllegalArgumentException("offset " + offset + " is not 4 KiB-aligned");
        }
        if (extent < 1 || extent > MAX_EXTENT_NUMBER) {
            throw new IllegalArgumentException("extent number " + extent + " out of range");
        }
        return (chunked ? CHUNKED : 0) | ((long) extent << 41) | ((offset / PAGE) << 23) | length;
    }

    public static int extent(long location) {
        return (int) ((location >>> 41) & MAX_EXTENT_NUMBER);
    }

    public static long offset(long location) {
        return ((location >>> 23) & ((1L << 18) - 1)) * PAGE;
    }

    public static int length(long location) {
        return (int) (location & ((1L << 23) - 1));
    }

    /** Whether the block carries per-chunk CRCs after its bytes (else only its whole-block CRC, the old format). */
    public static boolean isChunked(long location) {
        return (location & CHUNKED) != 0;
    }

    /** Bytes the block takes in its extent: its bytes plus, when chunked, its CRC trailer. */
    public static int span(long location) {
        int length = length(location);
        return isChunked(location) ? length + ChunkCrcs.trailerBytes(length) : length;
    }

    public static boolean isDeleted(long location) {
        return (location & DELETED) != 0;
    }

    public static long deleted(long location) {
        return location | DELETED;
    }

    /** Rounds {@code position} up to the next 4 KiB boundary. */
    public static long align(long position) {
        return (position + PAGE - 1) & -PAGE;
    }
}
