package io.wfs.meta.cross;

import io.netty.buffer.Unpooled;
import io.wfs.common.msg.meta.RenamePlan;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.rpc.wire.MessageCodec;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * The snapshot encoding of a rename intent's plan: the client's request in its wire form
 * (length-prefixed), then what the leader resolved for it.
 */
final class RenamePlanCodec {
    /** Far above any rename request (two names and a header of at most 256 groups). */
    private static final int MAX_REQUEST_BYTES = 64 << 10;

    private RenamePlanCodec() {
    }

    static void write(RenamePlan p, DataOutputStream out) throws IOException {
        byte[] request = MessageCodec.toBytes(p.request());
        out.writeInt(request.length);
        out.write(request);
        out.writeLong(p.moved());
        out.writeInt(p.movedMode());
        out.writeLong(p.replaced());
        out.writeInt(p.replacedMode());
    }

    static RenamePlan read(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_REQUEST_BYTES) {
            throw new IOException("a rename plan's request of " + length + " bytes");
        }
        byte[] request = new byte[length];
        in.readFully(request);
        RenameRequest req = MessageCodec.decode(Unpooled.wrappedBuffer(request), RenameRequest.class);
        return new RenamePlan(req, in.readLong(), in.readInt(), in.readLong(), in.readInt());
    }
}
