package io.wfs.common.testing.fuzz;

import io.wfs.common.rpc.MessageCategory;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.MessageCodec;
import io.wfs.common.testing.ValidRequests;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Makes the bad frames of the fuzz test, each of one {@link Kind}: a request of any type with
 * hostile field values, a valid frame with bytes flipped, a body cut short, a header announcing a
 * huge body, a body under another type's id, bad flags, or plain garbage.
 */
public final class FrameMutator {
    /** What was done to the frame. */
    public enum Kind {
        /**
         * A well-formed frame of a random request type: every field hostile, or a valid request with
         * one hostile field, or a valid request.
         */
        RANDOM_FIELDS,
        /** A valid request with a few body bytes flipped, inserted or removed (length fixed up). */
        BYTE_FLIP,
        /** The header announces the whole body, only part of it is sent, then the sender hangs up. */
        TRUNCATED,
        /** The header announces up to 2 GiB; a few bytes follow. The server must refuse at once. */
        HUGE_LENGTH,
        /** A valid body sent under another (or an unknown) message type id. */
        WRONG_TYPE,
        /** A valid request with response or unknown flag bits. */
        BAD_FLAGS,
        /** Random bytes where a frame should start. */
        GARBAGE
    }

    /** A frame to send. {@code hangUp}: the sender closes after it (the frame can never complete). */
    public record Mutation(Kind kind, MessageType type, byte[] wire, boolean hangUp) {
    }

    private static final List<MessageType> REQUESTS = Arrays.stream(MessageType.values())
            .filter(t -> t.category() != MessageCategory.HANDSHAKE).toList();
    private static final int[] HUGE_LENGTHS = {Integer.MAX_VALUE, Integer.MAX_VALUE - 7, 1 << 30, (256 << 20) + 1, (8 << 20) + 65536 + 12};

    private final Random r;
    private long nextRequestId = 1;

    public FrameMutator(Random r) {
        this.r = r;
    }

    /**
     * One bad frame of a random request type; half are {@link Kind#RANDOM_FIELDS}, which keep the
     * connection open and reach validation and the handlers, the rest of any kind.
     */
    public Mutation next() {
        Kind kind = r.nextBoolean() ? Kind.RANDOM_FIELDS : Kind.values()[r.nextInt(Kind.values().length)];
        return next(kind, REQUESTS.get(r.nextInt(REQUESTS.size())));
    }

    public Mutation next(Kind kind, MessageType type) {
        return switch (kind) {
            case RANDOM_FIELDS -> whole(kind, type, type.id(), 0, MessageCodec.toBytes(randomFields(type)));
            case BYTE_FLIP -> whole(kind, type, type.id(), 0, flip(validBody(type)));
            case TRUNCATED -> truncated(type);
            case HUGE_LENGTH -> new Mutation(kind, type, header(HUGE_LENGTHS[r.nextInt(HUGE_LENGTHS.length)], type.id(), 0,
                    randomBytes(r.nextInt(64))), true);
            case WRONG_TYPE -> whole(kind, type, r.nextInt(4) == 0 ? r.nextInt(1 << 16) - (1 << 15)
                    : REQUESTS.get(r.nextInt(REQUESTS.size())).id(), 0, validBody(type));
            case BAD_FLAGS -> whole(kind, type, type.id(), 1 + r.nextInt(255), validBody(type));
            case GARBAGE -> new Mutation(kind, type, randomBytes(1 + r.nextInt(512)), true);
        };
    }

    /** The body of a request that passes validation (half the time) or has hostile fields. */
    public byte[] validBody(MessageType type) {
        return MessageCodec.toBytes(r.nextBoolean() ? valid(type) : FuzzValues.message(type.requestClass(), r));
    }

    private Object randomFields(MessageType type) {
        return switch (r.nextInt(3)) {
            case 0 -> FuzzValues.message(type.requestClass(), r);
            case 1 -> FuzzValues.withOneHostileField(valid(type), r);
            default -> valid(type);
        };
    }

    private Object valid(MessageType type) {
        try {
            return ValidRequests.of(type, r);
        } catch (IllegalArgumentException e) {
            return FuzzValues.message(type.requestClass(), r); // no valid sample for this type
        }
    }

    private Mutation whole(Kind kind, MessageType type, int typeId, int flags, byte[] body) {
        return new Mutation(kind, type, header(Frame.HEADER_BYTES + body.length, typeId, flags, body), false);
    }

    private Mutation truncated(MessageType type) {
        byte[] body = validBody(type);
        byte[] wire = header(Frame.HEADER_BYTES + body.length + 1 + r.nextInt(100), type.id(), 0, body);
        return new Mutation(Kind.TRUNCATED, type, Arrays.copyOf(wire, r.nextInt(wire.length + 1)), true);
    }

    /** A frame header (length, request id, type, flags) followed by {@code body}. */
    public byte[] header(int length, int typeId, int flags, byte[] body) {
        ByteBuffer b = ByteBuffer.allocate(Frame.LENGTH_BYTES + Frame.HEADER_BYTES + body.length);
        b.putInt(length).putLong(nextRequestId++).putShort((short) typeId).put((byte) flags).put(body);
        return b.array();
    }

    private byte[] flip(byte[] body) {
        byte[] b = body.length == 0 ? new byte[1] : body.clone();
        for (int i = 0, n = 1 + r.nextInt(8); i < n; i++) {
            int at = r.nextInt(b.length);
            switch (r.nextInt(3)) {
                case 0 -> b[at] ^= (byte) (1 << r.nextInt(8));
                case 1 -> b[at] = (byte) r.nextInt(256);
                default -> b = r.nextBoolean() ? Arrays.copyOf(b, Math.max(1, b.length - 1 - r.nextInt(4)))
                        : Arrays.copyOf(b, b.length + 1 + r.nextInt(4));
            }
        }
        return b;
    }

    public byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }
}
