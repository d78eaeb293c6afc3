package io.wfs.meta.ops;

import io.wfs.common.msg.meta.BlockListReply;
import io.wfs.common.msg.meta.PendingDeletionsRequest;
import io.wfs.common.rpc.MessageType;

/**
 * How the stores drain a group's deletion queue, first half: a leader read of the oldest blocks
 * waiting for deletion. The stores delete them, then acknowledge ({@link AckDeletionsOp}). A
 * block is deleted at least once, never forgotten: until acknowledged it stays queued across
 * leader changes.
 */
public final class PendingDeletionsOp implements MetaOperation<PendingDeletionsRequest, BlockListReply> {
    @Override
    public MessageType type() {
        return MessageType.PENDING_DELETIONS;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public boolean checksRouteVersion() {
        return false;
    }

    @Override
    public BlockListReply execute(MetaContext ctx, PendingDeletionsRequest req) {
        return new BlockListReply(ctx.deletions().peek(req.max()));
    }
}
