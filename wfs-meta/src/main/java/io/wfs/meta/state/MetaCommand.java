package io.wfs.meta.state;

import io.netty.buffer.Unpooled;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.wire.MessageCodec;
import java.nio.ByteBuffer;

/**
 * One metadata mutation as it travels in the Raft log: the message type, the time the leader
 * chose for it (so every replica stamps the same mtime/ctime) and the client's request as sent
 * (protostuff). Layout: {@code short type, long timeNs, body}. Internal commands of the group
 * itself use negative types (see {@link InternalCommand}).
 */
public record MetaCommand(short type, long timeNs, byte[] body) {

    public static byte[] encode(MessageType type, long timeNs, MetaRequest<?> request) {
        return encode(type.id(), timeNs, MessageCodec.toBytes(request));
    }

    public static byte[] encode(short type, long timeNs, byte[] body) {
        ByteBuffer b = ByteBuffer.allocate(2 + 8 + body.length);
        b.putShort(type).putLong(timeNs).put(body);
        return b.array();
    }

    public static MetaCommand decode(ByteBuffer buffer) {
        short type = buffer.getShort();
        long timeNs = buffer.getLong();
        byte[] body = new byte[buffer.remaining()];
        buffer.get(body);
        return new MetaCommand(type, timeNs, body);
    }

    /** The client request inside; the type must be a metadata message type. */
    public MetaRequest<?> request(MessageType messageType) {
        return (MetaRequest<?>) MessageCodec.decode(Unpooled.wrappedBuffer(body), messageType.requestClass());
    }
}
