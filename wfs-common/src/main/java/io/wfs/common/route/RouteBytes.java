package io.wfs.common.route;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The compact encoding of routes: unsigned LEB128 varints and length-prefixed UTF-8 strings.
 * A growable writer and a bounds-checked reader; a malformed input fails with
 * {@link IllegalArgumentException}, never with an unbounded allocation.
 */
public final class RouteBytes {
    private RouteBytes() {
    }

    /** Appends to a growable array. */
    public static final class Writer {
        private byte[] buf;
        private int size;

        public Writer(int initialCapacity) {
            buf = new byte[Math.max(16, initialCapacity)];
        }

        private void ensure(int more) {
            if (size + more > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
            }
        }

        public Writer writeByte(int b) {
            ensure(1);
            buf[size++] = (byte) b;
            return this;
        }

        public Writer writeVarLong(long v) {
            ensure(10);
            while ((v & ~0x7FL) != 0) {
                buf[size++] = (byte) ((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            buf[size++] = (byte) v;
            return this;
        }

        public Writer writeVarInt(int v) {
            return writeVarLong(v & 0xFFFFFFFFL);
        }

        public Writer writeString(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            writeVarInt(b.length);
            return writeBytes(b, 0, b.length);
        }

        public Writer writeBytes(byte[] b, int offset, int length) {
            ensure(length);
            System.arraycopy(b, offset, buf, size, length);
            size += length;
            return this;
        }

        public int size() {
            return size;
        }

        public byte[] toByteArray() {
            return Arrays.copyOf(buf, size);
        }
    }

    /** Reads what a {@link Writer} wrote. */
    public static final class Reader {
        private final ByteBuffer in;

        public Reader(ByteBuffer in) {
            this.in = in;
        }

        public Reader(byte[] bytes) {
            this(ByteBuffer.wrap(bytes));
        }

        public int readByte() {
            need(1);
            return in.get() & 0xFF;
        }

        public long readVarLong() {
            long v = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                int b = readByte();
                v |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return v;
                }
            }
            throw new IllegalArgumentException("varint longer than 10 bytes");
        }

        public int readVarInt() {
            long v = readVarLong();
            if (v > 0xFFFFFFFFL) {
                throw new IllegalArgumentException("varint " + v + " does not fit 32 bits");
            }
            return (int) v;
        }

        /** A count that cannot exceed what is left to read (each element takes at least one byte). */
        public int readCount(int max) {
            int n = readVarInt();
            if (n < 0 || n > max || n > in.remaining()) {
                throw new IllegalArgumentException("count " + n + " exceeds the limit or the input");
            }
            return n;
        }

        public String readString(int maxBytes) {
            int n = readVarInt();
            if (n < 0 || n > maxBytes) {
                throw new IllegalArgumentException("string of " + n + " bytes exceeds " + maxBytes);
            }
            need(n);
            byte[] b = new byte[n];
            in.get(b);
            return new String(b, StandardCharsets.UTF_8);
        }

        public boolean hasRemaining() {
            return in.hasRemaining();
        }

        private void need(int n) {
            if (in.remaining() < n) {
                throw new IllegalArgumentException("route data ends early");
            }
        }
    }
}
