package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** One quota and its usage. */
public final class QuotaReply implements Response {
    private QuotaUsage quota;

    public QuotaReply() {
    }

    public QuotaReply(QuotaUsage quota) {
        this.quota = quota;
    }

    public QuotaUsage quota() {
        return quota;
    }
}
