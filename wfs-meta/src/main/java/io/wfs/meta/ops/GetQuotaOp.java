package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.GetQuotaRequest;
import io.wfs.common.msg.meta.QuotaReply;
import io.wfs.common.msg.meta.QuotaUsage;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.DirectoryQuota;

/**
 * The quota of a directory and its usage: what statfs of a mount rooted there and the CSI
 * driver's volume stats report. Anyone may read it; ENODATA when the directory has none.
 */
public final class GetQuotaOp implements MetaOperation<GetQuotaRequest, QuotaReply> {
    @Override
    public MessageType type() {
        return MessageType.GET_QUOTA;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public QuotaReply execute(MetaContext ctx, GetQuotaRequest req) {
        ctx.directory(req.ino());
        DirectoryQuota quota = ctx.slotOf(req.ino()).quotas().quotaOf(req.ino());
        if (quota == null) {
            throw new WfsException(WfsErrorCode.ENODATA, "no quota on this directory");
        }
        return new QuotaReply(usage(quota));
    }

    static QuotaUsage usage(DirectoryQuota q) {
        return new QuotaUsage(q.dirIno(), q.limitBytes(), q.limitInodes(), q.usedBytes(), q.usedInodes());
    }
}
