package io.wfs.meta.ops;

import io.wfs.common.msg.meta.CloseRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.rpc.MessageType;

/** close: one open less; the last close of an unlinked (orphan) file deletes it and frees its blocks. */
public final class CloseOp implements MetaOperation<CloseRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.CLOSE;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public OkReply execute(MetaContext ctx, CloseRequest req) {
        if (ctx.clients().openFiles().close(ctx.caller().session(), req.ino()) && ctx.slotOf(req.ino()).contains(req.ino())) {
            ctx.slotOf(req.ino()).removeInode(req.ino(), ctx.freedBlocks());
        }
        return OkReply.INSTANCE;
    }
}
