package io.wfs.common.msg.meta;

/** Bytes and inodes used: the shape statfs answers and a quota's usage share (fields 1 and 2). */
public abstract class SpaceUsed {
    private long usedBytes;
    private long usedInodes;

    protected SpaceUsed() {
    }

    protected SpaceUsed(long usedBytes, long usedInodes) {
        this.usedBytes = usedBytes;
        this.usedInodes = usedInodes;
    }

    public long usedBytes() {
        return usedBytes;
    }

    public long usedInodes() {
        return usedInodes;
    }
}
