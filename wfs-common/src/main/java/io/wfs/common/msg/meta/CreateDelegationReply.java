package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/**
 * A granted create delegation: the {@code count} inode numbers from {@code firstIno} on are the
 * session's to give to files it creates in the directory ({@link CreateBatchRequest}).
 */
public final class CreateDelegationReply implements Response {
    private long firstIno;
    private int count;

    public CreateDelegationReply() {
    }

    public CreateDelegationReply(long firstIno, int count) {
        this.firstIno = firstIno;
        this.count = count;
    }

    public long firstIno() {
        return firstIno;
    }

    public int count() {
        return count;
    }
}
