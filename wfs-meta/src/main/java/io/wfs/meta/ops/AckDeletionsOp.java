package io.wfs.meta.ops;

import io.wfs.common.msg.meta.AckDeletionsRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.state.InternalCommand;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * How the stores drain a group's deletion queue, second half (after {@link PendingDeletionsOp}):
 * the blocks they deleted leave the queue, through Raft. The leader proposes the acknowledgement
 * as the internal command {@link InternalCommand#ACK_DELETIONS} (body: {@code long count}, then
 * the ids), the log entry form this group has always written.
 */
public final class AckDeletionsOp implements MetaOperation<AckDeletionsRequest, OkReply>, InternalOperation {
    @Override
    public MessageType type() {
        return MessageType.ACK_DELETIONS;
    }

    @Override
    public short command() {
        return InternalCommand.ACK_DELETIONS;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public boolean checksRouteVersion() {
        return false;
    }

    @Override
    public CompletableFuture<OkReply> lead(GroupLeader leader, AckDeletionsRequest req) {
        return leader.replica().proposeInternal(command(), body(req.blockIds())).thenApply(n -> OkReply.INSTANCE);
    }

    static byte[] body(long[] blockIds) {
        ByteBuffer body = ByteBuffer.allocate(8 + 8 * blockIds.length).putLong(blockIds.length);
        for (long id : blockIds) {
            body.putLong(id);
        }
        return body.array();
    }

    @Override
    public Object apply(MetaContext ctx, ByteBuffer body) {
        long[] ids = new long[(int) body.getLong()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = body.getLong();
        }
        ctx.deletions().acknowledge(ids);
        return ids.length;
    }

    /** The same change, should the request itself be applied (the leader step sends the command form). */
    @Override
    public OkReply execute(MetaContext ctx, AckDeletionsRequest req) {
        ctx.deletions().acknowledge(req.blockIds());
        return OkReply.INSTANCE;
    }
}
