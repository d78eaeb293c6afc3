package io.wfs.meta.namespace;

import java.io.DataInput;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * Buffered, unsynchronized {@link DataInput} with varints (see {@link SnapshotOutput}) that keeps a CRC32C of the bytes consumed so far
 * (not of the bytes read ahead), so the trailer can be checked right where the body ends.
 * Reads numbers straight out of the buffer: DataInputStream's per-call copies made snapshot
 * load the bottleneck of a restart.
 */
final class SnapshotInput extends InputStream implements DataInput {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private final InputStream source;
    private final CRC32C crc = new CRC32C();
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private int limit;
    private int checksummedUpTo;

    SnapshotInput(InputStream source) {
        this.source = source;
    }

    /** CRC32C of every byte consumed so far. */
    int checksumSoFar() {
        crc.update(buffer, checksummedUpTo, position - checksummedUpTo);
        checksummedUpTo = position;
        return (int) crc.getValue();
    }

    long readVarLong() throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = position < limit ? buffer[position++] & 0xFF : readUnsignedByte();
            value |= (long) (b & 0x7F) << shift;
            if (b < 0x80) {
                return value;
            }
        }
        throw new IOException("malformed varint");
    }

    long readSignedVarLong() throws IOException {
        long zigzag = readVarLong();
        return (zigzag >>> 1) ^ -(zigzag & 1);
    }

    /** A varint that must lie in [0, max]. */
    int readVarInt(int max) throws IOException {
        long value = readVarLong();
        if (value < 0 || value > max) {
            throw new IOException("value " + value + " out of range [0, " + max + "]");
        }
        return (int) value;
    }

    @Override
    public int read() throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        return buffer[position++] & 0xFF;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (position == limit && !fill()) {
            return -1;
        }
        int n = Math.min(length, limit - position);
        System.arraycopy(buffer, position, bytes, offset, n);
        position += n;
        return n;
    }

    @Override
    public void readFully(byte[] bytes) throws IOException {
        readFully(bytes, 0, bytes.length);
    }

    @Override
    public void readFully(byte[] bytes, int offset, int length) throws IOException {
        while (length > 0) {
            int n = read(bytes, offset, length);
            if (n < 0) {
                throw new EOFException();
            }
            offset += n;
            length -= n;
        }
    }

    @Override
    public int skipBytes(int n) throws IOException {
        int skipped = 0;
        while (skipped < n && (position < limit || fill())) {
            int step = Math.min(n - skipped, limit - position);
            position += step;
            skipped += step;
        }
        return skipped;
    }

    @Override
    public boolean readBoolean() throws IOException {
        return readUnsignedByte() != 0;
    }

    @Override
    public byte readByte() throws IOException {
        return (byte) readUnsignedByte();
    }

    @Override
    public int readUnsignedByte() throws IOException {
        int b = read();
        if (b < 0) {
            throw new EOFException();
        }
        return b;
    }

    @Override
    public short readShort() throws IOException {
        return (short) readUnsignedShort();
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return (readUnsignedByte() << 8) | readUnsignedByte();
    }

    @Override
    public char readChar() throws IOException {
        return (char) readUnsignedShort();
    }

    @Override
    public int readInt() throws IOException {
        ensure(4);
        int value = (int) INTS.get(buffer, position);
        position += 4;
        return value;
    }

    @Override
    public long readLong() throws IOException {
        ensure(8);
        long value = (long) LONGS.get(buffer, position);
        position += 8;
        return value;
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    @Override
    public String readLine() {
        throw new UnsupportedOperationException("snapshots contain no text lines");
    }

    @Override
    public String readUTF() throws IOException {
        return DataInputStream.readUTF(this);
    }

    /** Makes count bytes contiguous at position, moving the unread tail to the buffer start. */
    private void ensure(int count) throws IOException {
        if (limit - position >= count) {
            return;
        }
        crc.update(buffer, checksummedUpTo, position - checksummedUpTo);
        int remaining = limit - position;
        System.arraycopy(buffer, position, buffer, 0, remaining);
        position = 0;
        checksummedUpTo = 0;
        limit = remaining;
        while (limit < count) {
            int n = source.read(buffer, limit, buffer.length - limit);
            if (n < 0) {
                throw new EOFException();
            }
            limit += n;
        }
    }

    private boolean fill() throws IOException {
        crc.update(buffer, checksummedUpTo, position - checksummedUpTo);
        int n = source.read(buffer, 0, buffer.length);
        position = 0;
        checksummedUpTo = 0;
        limit = Math.max(n, 0);
        return n > 0;
    }
}
