package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;
import java.util.List;

/** The quotas of one group, in slot and inode order. */
public final class QuotaListReply implements Response {
    private List<QuotaUsage> quotas;

    public QuotaListReply() {
    }

    public QuotaListReply(List<QuotaUsage> quotas) {
        this.quotas = quotas;
    }

    public List<QuotaUsage> quotas() {
        return quotas == null ? List.of() : quotas;
    }
}
