package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.QuotaReply;
import io.wfs.common.msg.meta.SetQuotaRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.DirectoryQuota;

/**
 * Puts a quota on a directory or changes its limits (root only). The apply counts a new quota's
 * subtree once and refuses a subtree that reaches into another slot or holds another quota
 * ({@code SlotQuotas.set}); a lower limit than the usage is accepted and refuses growth only.
 */
public final class SetQuotaOp implements MetaOperation<SetQuotaRequest, QuotaReply> {
    @Override
    public MessageType type() {
        return MessageType.SET_QUOTA;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public QuotaReply execute(MetaContext ctx, SetQuotaRequest req) {
        requireRoot(ctx, "setting a quota");
        ctx.requireUnlocked(ctx.directory(req.ino()));
        DirectoryQuota quota = ctx.slotOf(req.ino()).quotas().set(req.ino(), req.limitBytes(), req.limitInodes());
        return reply(quota);
    }

    static QuotaReply reply(DirectoryQuota q) {
        return new QuotaReply(GetQuotaOp.usage(q));
    }

    static void requireRoot(MetaContext ctx, String what) {
        if (!ctx.caller().isRoot()) {
            throw new WfsException(WfsErrorCode.EPERM, what + " needs root");
        }
    }
}
