package io.wfs.common.msg.meta;

/**
 * A byte-range lock as POSIX describes it: its type (read, write, unlock), where it lies
 * ([start, end], inclusive; {@link LockRangeRequest#TO_EOF} for "to the end of the file") and
 * whose it is (the owner within a session). Asked for in a {@link LockRangeRequest}, reported
 * as the conflict in a {@link LockInfoReply}.
 */
public final class LockRange {
    private int type;
    private long start;
    private long end;
    private long owner;

    public LockRange() {
    }

    public LockRange(int type, long start, long end, long owner) {
        this.type = type;
        this.start = start;
        this.end = end;
        this.owner = owner;
    }

    public int type() {
        return type;
    }

    public long start() {
        return start;
    }

    public long end() {
        return end;
    }

    public long owner() {
        return owner;
    }
}
