package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/**
 * A granted create delegation: the {@code count} inode numbers from {@code firstIno} on are the
 * session's to give to files it creates in the directory ({@link CreateBatchRequest});
 * {@code entries}: how many entries the directory had when it was granted. A holder that knows
 * them all (none, or one readdir page) knows every name in the directory while the delegation
 * holds, and answers a lookup of any other name itself.
 */
public final class CreateDelegationReply implements Response {
    private long firstIno;
    private int count;
    private int entries;

    public CreateDelegationReply() {
    }

    public CreateDelegationReply(long firstIno, int count, int entries) {
        this.firstIno = firstIno;
        this.count = count;
        this.entries = entries;
    }

    public int entries() {
        return entries;
    }

    public long firstIno() {
        return firstIno;
    }

    public int count() {
        return count;
    }
}
