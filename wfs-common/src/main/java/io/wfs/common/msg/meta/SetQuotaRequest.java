package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * Puts a quota on a directory or changes its limits (root only). A limit of 0 means none. A new
 * quota counts the directory's subtree once; its subtree must live in the directory's slot (an
 * empty directory always does), see docs/kubernetes.md.
 */
public final class SetQuotaRequest extends InodeRequest<QuotaReply> {
    private long limitBytes;
    private long limitInodes;

    public SetQuotaRequest() {
    }

    public SetQuotaRequest(MetaHeader header, long dirIno, long limitBytes, long limitInodes) {
        super(header, dirIno);
        this.limitBytes = limitBytes;
        this.limitInodes = limitInodes;
    }

    public long limitBytes() {
        return limitBytes;
    }

    public long limitInodes() {
        return limitInodes;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(limitBytes, "limitBytes", 0, Long.MAX_VALUE);
        Validate.range(limitInodes, "limitInodes", 0, Long.MAX_VALUE);
    }
}
