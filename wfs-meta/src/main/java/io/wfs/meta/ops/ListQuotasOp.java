package io.wfs.meta.ops;

import io.wfs.common.msg.meta.ListQuotasRequest;
import io.wfs.common.msg.meta.QuotaListReply;
import io.wfs.common.msg.meta.QuotaUsage;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.DirectoryQuota;
import java.util.ArrayList;
import java.util.List;

/** Every quota of this group ({@code wfs quota list}); root only, it names directories of every tenant. */
public final class ListQuotasOp implements MetaOperation<ListQuotasRequest, QuotaListReply> {
    @Override
    public MessageType type() {
        return MessageType.LIST_QUOTAS;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public QuotaListReply execute(MetaContext ctx, ListQuotasRequest req) {
        SetQuotaOp.requireRoot(ctx, "listing quotas");
        List<QuotaUsage> out = new ArrayList<>();
        for (int slot : ctx.namespace().ownedSlots()) {
            for (DirectoryQuota q : ctx.namespace().slot(slot).quotas().all()) {
                out.add(GetQuotaOp.usage(q));
            }
        }
        return new QuotaListReply(out);
    }
}
