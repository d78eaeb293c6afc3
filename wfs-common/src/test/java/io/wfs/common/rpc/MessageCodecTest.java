package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.wire.MessageCodec;
import io.wfs.common.testing.MessageSamples;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MessageCodecTest {

    @Test
    void everyRequestAndResponseTypeSurvivesEncodeDecode() {
        Random random = new Random(42);
        for (MessageType type : MessageType.values()) {
            for (Class<?> c : new Class<?>[] {type.requestClass(), type.responseClass()}) {
                Object original = MessageSamples.populate(c, random);
                byte[] bytes = MessageCodec.toBytes(original);
                assertTrue(bytes.length > 0, c + " encodes to nothing");
                // A heap buffer (Raft log entries, snapshots) and a direct one (the socket's) decode alike.
                for (ByteBuf in : List.of(Unpooled.wrappedBuffer(bytes), direct(bytes))) {
                    Object decoded = MessageCodec.decode(in, c);
                    assertNull(MessageSamples.difference(original, decoded), type + " " + c.getSimpleName() + " from " + in);
                    assertArrayEquals(bytes, MessageCodec.toBytes(decoded), "re-encoding differs for " + c);
                }
            }
        }
    }

    /** Regression: protostuff decodes an empty list as null; an empty directory listed with a NullPointerException. */
    @Test
    void emptyListsDecodeAsEmptyNotNull() {
        var dir = MessageCodec.decode(Unpooled.wrappedBuffer(MessageCodec.toBytes(
                new io.wfs.common.msg.meta.ReaddirReply(java.util.List.of(), 0, true))), io.wfs.common.msg.meta.ReaddirReply.class);
        assertTrue(dir.entries().isEmpty());
        var file = MessageCodec.decode(Unpooled.wrappedBuffer(MessageCodec.toBytes(
                new io.wfs.common.msg.meta.SlicesReply(null, java.util.List.of()))), io.wfs.common.msg.meta.SlicesReply.class);
        assertTrue(file.slices().isEmpty());
    }

    @Test
    void messageIdsAreUniqueAndResolvable() {
        Set<Short> ids = new HashSet<>();
        for (MessageType type : MessageType.values()) {
            assertTrue(ids.add(type.id()), "duplicate id " + type.id());
            assertEquals(type, MessageType.byId(type.id()));
            assertEquals(type, MessageType.ofRequest(type.requestClass()));
        }
        assertNull(MessageType.byId(-1));
        assertNull(MessageType.byId(32_000));
        assertThrows(IllegalArgumentException.class, () -> MessageType.ofRequest(String.class));
    }

    @Test
    void errorReplyCarriesCodeMessageLeaderHintAndRouteVersion() {
        WfsException e = new WfsException(WfsErrorCode.NOT_LEADER, "not me", "10.0.0.7:9100", 42, null);
        ErrorReply reply = ErrorReply.of(e);
        ErrorReply decoded = MessageCodec.decode(Unpooled.wrappedBuffer(MessageCodec.toBytes(reply)), ErrorReply.class);
        WfsException back = decoded.toException();
        assertEquals(WfsErrorCode.NOT_LEADER, back.code());
        assertEquals("not me", back.detail());
        assertEquals("10.0.0.7:9100", back.leaderHint());
        assertEquals(42, back.routeVersion());
    }

    @Test
    void truncatedBodyIsRejected() {
        byte[] bytes = MessageCodec.toBytes(new io.wfs.common.msg.control.EchoRequest(new byte[100]));
        byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length - 10);
        assertThrows(RuntimeException.class,
                () -> MessageCodec.decode(Unpooled.wrappedBuffer(cut), io.wfs.common.msg.control.EchoRequest.class));
        assertThrows(RuntimeException.class,
                () -> MessageCodec.decode(direct(cut), io.wfs.common.msg.control.EchoRequest.class));
    }

    /** The bytes in a direct buffer, as a frame's body arrives from the socket, at a non-zero offset. */
    private static ByteBuf direct(byte[] bytes) {
        ByteBuf b = Unpooled.directBuffer(bytes.length + 3).writeZero(3).writeBytes(bytes);
        return b.slice(3, bytes.length);
    }
}
