package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * Puts a quota on a directory or changes its limits (root only). A limit of 0 means none. A new
 * quota counts the directory's subtree once; its subtree must live in the directory's slot (an
 * empty directory always does), see docs/metadata.md.
 */
public final class SetQuotaRequest extends InodeRequest<QuotaReply> {
    private QuotaLimits limits;

    public SetQuotaRequest() {
    }

    public SetQuotaRequest(MetaHeader header, long dirIno, long limitBytes, long limitInodes) {
        super(header, dirIno);
        this.limits = new QuotaLimits(limitBytes, limitInodes);
    }

    public long limitBytes() {
        return limits.bytes();
    }

    public long limitInodes() {
        return limits.inodes();
    }

    @Override
    public void validate() {
        super.validate();
        Validate.notNull(limits, "limits");
        limits.validate();
    }
}
