package io.wfs.common.msg.meta;

/** One directory quota: its directory, its limits (0 = none) and what its subtree uses. */
public final class QuotaUsage {
    private long dirIno;
    private long limitBytes;
    private long limitInodes;
    private long usedBytes;
    private long usedInodes;

    public QuotaUsage() {
    }

    public QuotaUsage(long dirIno, long limitBytes, long limitInodes, long usedBytes, long usedInodes) {
        this.dirIno = dirIno;
        this.limitBytes = limitBytes;
        this.limitInodes = limitInodes;
        this.usedBytes = usedBytes;
        this.usedInodes = usedInodes;
    }

    public long dirIno() {
        return dirIno;
    }

    public long limitBytes() {
        return limitBytes;
    }

    public long limitInodes() {
        return limitInodes;
    }

    public long usedBytes() {
        return usedBytes;
    }

    public long usedInodes() {
        return usedInodes;
    }
}
