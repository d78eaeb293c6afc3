package io.wfs.common.rpc.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.protostuff.ByteBufferInput;
import io.protostuff.LinkedBuffer;
import io.protostuff.ProtostuffIOUtil;
import io.protostuff.Schema;
import io.protostuff.runtime.RuntimeSchema;
import java.io.IOException;

/** Protostuff encoding of message bodies; schemas come from the message classes themselves. */
public final class MessageCodec {
    private static final ThreadLocal<LinkedBuffer> BUFFERS = ThreadLocal.withInitial(() -> LinkedBuffer.allocate(1024));

    private MessageCodec() {
    }

    @SuppressWarnings("unchecked")
    public static <T> Schema<T> schema(Class<T> c) {
        return (Schema<T>) RuntimeSchema.getSchema(c);
    }

    @SuppressWarnings("unchecked")
    public static void encode(Object message, ByteBuf out) throws IOException {
        Schema<Object> schema = (Schema<Object>) schema(message.getClass());
        LinkedBuffer buffer = BUFFERS.get();
        try {
            ProtostuffIOUtil.writeTo(new ByteBufOutputStream(out), message, schema, buffer);
        } finally {
            buffer.clear();
        }
    }

    /** Decodes {@code length} bytes of {@code in} (reader index unchanged) into a new {@code c}. */
    public static <T> T decode(ByteBuf in, Class<T> c) {
        Schema<T> schema = schema(c);
        T message = schema.newMessage();
        int length = in.readableBytes();
        if (in.hasArray()) {
            ProtostuffIOUtil.mergeFrom(in.array(), in.arrayOffset() + in.readerIndex(), length, message, schema);
        } else {
            // Straight from the socket's direct buffer: a block's bytes are copied once, into their
            // field, not first into a frame-sized array (a humongous allocation per 4 MiB block).
            ByteBufferInput input = new ByteBufferInput(in.nioBuffer(in.readerIndex(), length), true);
            try {
                schema.mergeFrom(input, message);
                input.checkLastTagWas(0);
            } catch (IOException e) {
                throw new IllegalArgumentException("malformed body: " + e.getMessage(), e);
            }
        }
        return message;
    }

    /** Encodes to a byte array (tests, snapshots, digests). */
    public static byte[] toBytes(Object message) {
        @SuppressWarnings("unchecked")
        Schema<Object> schema = (Schema<Object>) schema(message.getClass());
        LinkedBuffer buffer = BUFFERS.get();
        try {
            return ProtostuffIOUtil.toByteArray(message, schema, buffer);
        } finally {
            buffer.clear();
        }
    }
}
