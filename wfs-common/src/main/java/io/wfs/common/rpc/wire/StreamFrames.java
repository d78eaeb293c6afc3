package io.wfs.common.rpc.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.wfs.common.rpc.MessageCategory;
import io.wfs.common.rpc.MessageType;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.IntFunction;

/**
 * The client's half of the frame format ({@link FrameEncoder}, {@link FrameDecoder}) over a
 * blocking stream, for a thread that writes its request and reads the answer itself: the same
 * bytes, the same limits (a response larger than its category allows, or of another type than
 * asked, is a protocol violation that ends the connection).
 */
public final class StreamFrames {
    private StreamFrames() {
    }

    /** Writes the whole frame of request {@code requestId} to {@code out}; returns its bytes on the wire. */
    public static int writeRequest(OutputStream out, long requestId, MessageType type, Object body, FrameLimits limits)
            throws IOException {
        ByteBuf frame = Unpooled.buffer(256);
        int length = FrameEncoder.write(Frame.request(requestId, type, body), frame, limits);
        out.write(frame.array(), frame.arrayOffset(), length);
        return length;
    }

    /**
     * Reads the response to request {@code requestId} of {@code type}; before the handshake is done
     * ({@code authenticated} false) only handshake-sized bodies are accepted. The body is read into
     * {@code buffers.apply(bodyLength)} (at least that long; the caller may reuse one: decoding copies
     * what the message keeps).
     *
     * @throws ProtocolError the peer broke the format: the connection must be closed
     */
    public static Frame response(DataInputStream in, long requestId, MessageType type, FrameLimits limits,
                                 boolean authenticated, FrameObserver observer, IntFunction<byte[]> buffers)
            throws IOException {
        int length = in.readInt();
        if (length < Frame.HEADER_BYTES) {
            throw new ProtocolError(ProtocolViolation.MALFORMED, "frame length " + length);
        }
        long id = in.readLong();
        short typeId = in.readShort();
        byte flags = in.readByte();
        if (!Frame.flagsValid(flags, true)) {
            throw new ProtocolError(ProtocolViolation.BAD_FLAGS, "flags " + flags);
        }
        if (id != requestId || typeId != type.id()) {
            throw new ProtocolError(ProtocolViolation.UNEXPECTED_RESPONSE, "answer #" + id + " of type " + typeId
                    + " to " + type + " #" + requestId);
        }
        if (!authenticated && type.category() != MessageCategory.HANDSHAKE) {
            throw new ProtocolError(ProtocolViolation.UNAUTHENTICATED, type + " before authentication");
        }
        long limit = limits.maxBody(type, (flags & Frame.FLAG_ERROR) != 0, authenticated);
        int bodyLength = length - Frame.HEADER_BYTES;
        if (bodyLength > limit) {
            throw new ProtocolError(ProtocolViolation.OVERSIZE, type + " frame of " + bodyLength + " bytes, limit " + limit);
        }
        byte[] body = buffers.apply(bodyLength);
        in.readFully(body, 0, bodyLength);
        observer.frameIn(type, Frame.LENGTH_BYTES + length);
        try {
            return Frame.decoded(id, type, flags,
                    MessageCodec.decode(Unpooled.wrappedBuffer(body, 0, bodyLength), Frame.bodyClass(type, flags)));
        } catch (RuntimeException e) {
            throw new ProtocolError(ProtocolViolation.MALFORMED, type + " body: " + (e.getCause() != null ? e.getCause() : e));
        }
    }

    /** A frame that breaks the format: what it broke, for the metrics and the log. */
    public static final class ProtocolError extends IOException {
        private final ProtocolViolation violation;

        ProtocolError(ProtocolViolation violation, String detail) {
            super(violation + ": " + detail);
            this.violation = violation;
        }

        public ProtocolViolation violation() {
            return violation;
        }
    }
}
