package io.wfs.meta.ops;

import io.wfs.common.msg.meta.BlockListReply;
import io.wfs.common.msg.meta.UnreferencedBlocksRequest;
import io.wfs.common.rpc.MessageType;

/**
 * The stores' orphan check: which of the given blocks of a slot no file references. A read on
 * the leader; the store applies its own grace period, because a block written but not yet
 * committed is legitimately unreferenced for a while.
 */
public final class UnreferencedBlocksOp implements MetaOperation<UnreferencedBlocksRequest, BlockListReply> {
    @Override
    public MessageType type() {
        return MessageType.UNREFERENCED_BLOCKS;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public BlockListReply execute(MetaContext ctx, UnreferencedBlocksRequest req) {
        return new BlockListReply(ctx.slotOf(req.routingIno()).files().unreferenced(req.blockIds()));
    }
}
