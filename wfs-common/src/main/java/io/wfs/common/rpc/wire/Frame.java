package io.wfs.common.rpc.wire;

import io.wfs.common.rpc.ErrorReply;
import io.wfs.common.rpc.MessageType;

/**
 * One decoded frame. On the wire (big-endian):
 * <pre>
 *   int   length      bytes that follow this field (header + body)
 *   long  requestId   correlates a response with its request
 *   short type        {@link MessageType#id()}
 *   byte  flags       0 = request, 1 = response, 3 = error response
 *   ...   body        protostuff encoding of the request, response or {@link ErrorReply}
 * </pre>
 */
public final class Frame {
    /** Bytes of the header after the length field. */
    public static final int HEADER_BYTES = 8 + 2 + 1;
    public static final int LENGTH_BYTES = 4;
    public static final byte FLAG_RESPONSE = 1;
    public static final byte FLAG_ERROR = 2;

    private final long requestId;
    private final MessageType type;
    private final byte flags;
    private final Object body;

    private Frame(long requestId, MessageType type, byte flags, Object body) {
        this.requestId = requestId;
        this.type = type;
        this.flags = flags;
        this.body = body;
    }

    public static Frame request(long requestId, MessageType type, Object body) {
        return new Frame(requestId, type, (byte) 0, body);
    }

    public static Frame response(long requestId, MessageType type, Object body) {
        return new Frame(requestId, type, FLAG_RESPONSE, body);
    }

    public static Frame error(long requestId, MessageType type, ErrorReply body) {
        return new Frame(requestId, type, (byte) (FLAG_RESPONSE | FLAG_ERROR), body);
    }

    static Frame decoded(long requestId, MessageType type, byte flags, Object body) {
        return new Frame(requestId, type, flags, body);
    }

    public long requestId() {
        return requestId;
    }

    public MessageType type() {
        return type;
    }

    public byte flags() {
        return flags;
    }

    public boolean isResponse() {
        return (flags & FLAG_RESPONSE) != 0;
    }

    public boolean isError() {
        return (flags & FLAG_ERROR) != 0;
    }

    public Object body() {
        return body;
    }

    /** Whether {@code flags} are those of a response (or error response), or else of a request. */
    static boolean flagsValid(byte flags, boolean response) {
        if (response) {
            return flags == FLAG_RESPONSE || flags == (FLAG_RESPONSE | FLAG_ERROR);
        }
        return flags == 0;
    }

    /** The class the body of a frame with these flags decodes to. */
    static Class<?> bodyClass(MessageType type, byte flags) {
        if ((flags & FLAG_ERROR) != 0) {
            return ErrorReply.class;
        }
        return (flags & FLAG_RESPONSE) != 0 ? type.responseClass() : type.requestClass();
    }
}
