package io.wfs.client.cache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * One cache entry on disk: a 32-byte header (magic, volume, block id, offset, length, CRC32C of
 * the data) then the data. The file is named by its key, and the header repeats the key, so a
 * file renamed or written half (a crash before the rename, a torn page) is recognised as
 * damaged rather than served.
 */
final class CacheEntryFile {
    static final int HEADER = 32;
    private static final int MAGIC = 0x57464331; // "WFC1"

    private CacheEntryFile() {
    }

    /** The file name of an entry: volume, block id (hex) and offset; see {@link #parseName}. */
    static String name(int volume, long blockId, int offset) {
        return volume + "-" + Long.toHexString(blockId) + "-" + offset;
    }

    /** The sub-folder (of 256) an entry goes in, so no folder holds millions of names. */
    static String shard(long blockId) {
        long h = blockId * 0x9E3779B97F4A7C15L;
        return String.format("%02x", (int) (h >>> 56));
    }

    /** The key a file name stands for, or null if it is not an entry's name. */
    static CacheKey parseName(String name) {
        String[] parts = name.split("-");
        if (parts.length != 3) {
            return null;
        }
        try {
            int volume = Integer.parseInt(parts[0]);
            long blockId = Long.parseUnsignedLong(parts[1], 16);
            int offset = Integer.parseInt(parts[2]);
            return volume < 0 || offset < 0 ? null : new CacheKey(volume, blockId, offset);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The disk bytes an entry of {@code dataLength} takes (what --cache-size counts). */
    static long size(int dataLength) {
        return HEADER + (long) dataLength;
    }

    static void write(Path file, CacheKey key, byte[] data) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(HEADER);
        header.putInt(MAGIC).putInt(key.volume()).putLong(key.blockId()).putInt(key.offset()).putInt(data.length)
                .putInt(crc(data)).putInt(0).flip();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer body = ByteBuffer.wrap(data);
            while (header.hasRemaining() || body.hasRemaining()) {
                ch.write(new ByteBuffer[] {header, body});
            }
        }
    }

    /** The entry's data if the file holds exactly {@code key}'s entry with a good CRC; null if damaged. */
    static byte[] read(Path file, CacheKey key) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < HEADER || size - HEADER > Integer.MAX_VALUE) {
                return null;
            }
            ByteBuffer all = ByteBuffer.allocate((int) size);
            while (all.hasRemaining() && ch.read(all) >= 0) {
                // A short read from a file that shrank meanwhile ends with the header check below.
            }
            all.flip();
            if (all.remaining() < HEADER || all.getInt() != MAGIC || all.getInt() != key.volume()
                    || all.getLong() != key.blockId() || all.getInt() != key.offset()) {
                return null;
            }
            int length = all.getInt();
            int crc = all.getInt();
            all.getInt();
            if (length != all.remaining()) {
                return null;
            }
            byte[] data = new byte[length];
            all.get(data);
            return crc(data) == crc ? data : null;
        }
    }

    private static int crc(byte[] data) {
        CRC32C c = new CRC32C();
        c.update(data);
        return (int) c.getValue();
    }
}
