package io.wfs.meta.ops;

import io.wfs.common.msg.meta.StatFsReply;
import io.wfs.common.msg.meta.StatFsRequest;
import io.wfs.common.rpc.MessageType;

/** Bytes and inodes used in this group; the client sums over groups and adds the stores' capacity. */
public final class StatFsOp implements MetaOperation<StatFsRequest, StatFsReply> {
    @Override
    public MessageType type() {
        return MessageType.STAT_FS;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public StatFsReply execute(MetaContext ctx, StatFsRequest req) {
        return new StatFsReply(ctx.namespace().usedBytes(), ctx.namespace().usedInodes());
    }
}
