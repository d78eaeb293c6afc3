package io.wfs.store.disk;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Writes a volume replica the way the store wrote it before per-chunk CRCs (commit 90f10d9):
 * every block at the next 4 KiB boundary of {@code extent-00000001.dat} with nothing after its
 * bytes, and a 40-byte index record whose bytes 32..35 are a reserved 0, its CRC32C the whole
 * block's. Byte for byte by hand, not through {@link IndexRecord}, so the test does not depend
 * on the code it checks.
 */
public final class OldFormatVolume implements AutoCloseable {
    private final FileChannel data;
    private final FileChannel index;
    private long dataEnd;
    private long version = 1;

    /** An unsealed extent 1 in {@code dir} (created with its {@code volume.properties}). */
    public OldFormatVolume(Path dir, VolumeDescriptor descriptor) throws IOException {
        Files.createDirectories(dir);
        descriptor.store(dir);
        data = FileChannel.open(dir.resolve("extent-00000001.dat"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        index = FileChannel.open(dir.resolve("extent-00000001.idx"), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
    }

    /** Appends a block as the old code did; returns its offset. */
    public long append(long blockId, byte[] bytes) throws IOException {
        long offset = (dataEnd + 4095) / 4096 * 4096;
        data.write(ByteBuffer.wrap(bytes), offset);
        dataEnd = offset + bytes.length;
        record(blockId, version++, (int) offset, bytes.length, crc(bytes), 0);
        return offset;
    }

    /** A tombstone of the block at {@code offset}, as the old code's delete wrote it. */
    public void tombstone(long blockId, int offset, int length) throws IOException {
        record(blockId, 0, offset, length, 0, 1);
    }

    private void record(long blockId, long v, int offset, int length, int crc, int kind) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(40);
        b.putLong(blockId).putLong(v).putInt(offset).putInt(length).putInt(crc).putInt(kind).putInt(0);
        CRC32C c = new CRC32C();
        c.update(b.array(), 0, 36);
        b.putInt((int) c.getValue());
        b.flip();
        index.write(b);
    }

    private static int crc(byte[] bytes) {
        CRC32C c = new CRC32C();
        c.update(bytes);
        return (int) c.getValue();
    }

    @Override
    public void close() throws IOException {
        data.force(false);
        index.force(false);
        data.close();
        index.close();
    }
}
