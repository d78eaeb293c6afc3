package io.wfs.common.msg.meta;

/** One directory quota: its usage, its directory and its limits (0 = none). */
public final class QuotaUsage extends SpaceUsed {
    private long dirIno;
    private QuotaLimits limits;

    public QuotaUsage() {
    }

    public QuotaUsage(long dirIno, long limitBytes, long limitInodes, long usedBytes, long usedInodes) {
        super(usedBytes, usedInodes);
        this.dirIno = dirIno;
        this.limits = new QuotaLimits(limitBytes, limitInodes);
    }

    public long dirIno() {
        return dirIno;
    }

    public long limitBytes() {
        return limits == null ? 0 : limits.bytes();
    }

    public long limitInodes() {
        return limits == null ? 0 : limits.inodes();
    }
}
