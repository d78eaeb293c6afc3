package io.wfs.meta.ops;

import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.RemoveQuotaRequest;
import io.wfs.common.rpc.MessageType;

/** Takes the quota off a directory (root only); the subtree stays in the directory's slot. */
public final class RemoveQuotaOp implements MetaOperation<RemoveQuotaRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.REMOVE_QUOTA;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public OkReply execute(MetaContext ctx, RemoveQuotaRequest req) {
        SetQuotaOp.requireRoot(ctx, "removing a quota");
        ctx.requireUnlocked(ctx.directory(req.ino()));
        ctx.slotOf(req.ino()).quotas().remove(req.ino());
        return OkReply.INSTANCE;
    }
}
