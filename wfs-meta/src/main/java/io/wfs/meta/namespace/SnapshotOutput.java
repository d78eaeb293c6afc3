package io.wfs.meta.namespace;

import java.io.DataOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.zip.CRC32C;

/**
 * Buffered, unsynchronized {@link DataOutput} with varints that keeps a CRC32C (and optionally
 * a message digest) of everything written. Numbers go straight into the buffer: a snapshot is
 * tens of millions of small writes, and DataOutputStream over BufferedOutputStream (a copy and
 * a lock per write) would make it the bottleneck.
 */
final class SnapshotOutput extends OutputStream implements DataOutput {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final int MAX_VARINT_BYTES = 10;

    private final OutputStream target;
    private final MessageDigest digest;
    private final CRC32C crc = new CRC32C();
    private final byte[] buffer = new byte[1 << 16];
    private int used;
    private long drained;

    SnapshotOutput(OutputStream target, MessageDigest digest) {
        this.target = target;
        this.digest = digest;
    }

    /** Unsigned LEB128: 7 bits a byte, small values in one byte. */
    void writeVarLong(long value) throws IOException {
        room(MAX_VARINT_BYTES);
        while ((value & ~0x7FL) != 0) {
            buffer[used++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        buffer[used++] = (byte) value;
    }

    /** Zigzag then LEB128, for deltas of either sign. */
    void writeSignedVarLong(long value) throws IOException {
        writeVarLong((value << 1) ^ (value >> 63));
    }

    @Override
    public void write(int b) throws IOException {
        room(1);
        buffer[used++] = (byte) b;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        if (length > buffer.length - used) {
            drain();
            if (length > buffer.length) {
                account(bytes, offset, length);
                target.write(bytes, offset, length);
                return;
            }
        }
        System.arraycopy(bytes, offset, buffer, used, length);
        used += length;
    }

    @Override
    public void writeBoolean(boolean v) throws IOException {
        write(v ? 1 : 0);
    }

    @Override
    public void writeByte(int v) throws IOException {
        write(v);
    }

    @Override
    public void writeShort(int v) throws IOException {
        room(2);
        buffer[used++] = (byte) (v >>> 8);
        buffer[used++] = (byte) v;
    }

    @Override
    public void writeChar(int v) throws IOException {
        writeShort(v);
    }

    @Override
    public void writeInt(int v) throws IOException {
        room(4);
        INTS.set(buffer, used, v);
        used += 4;
    }

    @Override
    public void writeLong(long v) throws IOException {
        room(8);
        LONGS.set(buffer, used, v);
        used += 8;
    }

    @Override
    public void writeFloat(float v) throws IOException {
        writeInt(Float.floatToIntBits(v));
    }

    @Override
    public void writeDouble(double v) throws IOException {
        writeLong(Double.doubleToLongBits(v));
    }

    @Override
    public void writeBytes(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            write(s.charAt(i));
        }
    }

    @Override
    public void writeChars(String s) throws IOException {
        for (int i = 0; i < s.length(); i++) {
            writeChar(s.charAt(i));
        }
    }

    @Override
    public void writeUTF(String s) {
        throw new UnsupportedOperationException("snapshots store names as raw bytes");
    }

    /** Writes the CRC32C of everything so far (not checksummed itself) and flushes. */
    void writeTrailer() throws IOException {
        drain();
        int value = (int) crc.getValue();
        target.write(new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value});
        drained += 4;
        target.flush();
    }

    /** Bytes written so far, trailer included once written. */
    long bytesWritten() {
        return drained + used;
    }

    @Override
    public void flush() throws IOException {
        drain();
        target.flush();
    }

    private void room(int bytes) throws IOException {
        if (buffer.length - used < bytes) {
            drain();
        }
    }

    private void drain() throws IOException {
        if (used > 0) {
            account(buffer, 0, used);
            target.write(buffer, 0, used);
            used = 0;
        }
    }

    private void account(byte[] bytes, int offset, int length) {
        crc.update(bytes, offset, length);
        if (digest != null) {
            digest.update(bytes, offset, length);
        }
        drained += length;
    }
}
