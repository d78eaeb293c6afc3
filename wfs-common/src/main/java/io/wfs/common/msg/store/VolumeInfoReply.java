package io.wfs.common.msg.store;

import io.wfs.common.rpc.Response;

/** One replica of a volume as its store sees it. {@code state}: "writable" or "read-only". */
public final class VolumeInfoReply implements Response {
    private int volume;
    private String state;
    private String[] replicas;
    private long liveBlocks;
    private long liveBytes;
    private long deletedBytes;
    private long diskBytes;
    private int extents;

    public VolumeInfoReply() {
    }

    public VolumeInfoReply(int volume, String state, String[] replicas, long liveBlocks, long liveBytes,
                           long deletedBytes, long diskBytes, int extents) {
        this.volume = volume;
        this.state = state;
        this.replicas = replicas;
        this.liveBlocks = liveBlocks;
        this.liveBytes = liveBytes;
        this.deletedBytes = deletedBytes;
        this.diskBytes = diskBytes;
        this.extents = extents;
    }

    public int volume() {
        return volume;
    }

    public String state() {
        return state;
    }

    public String[] replicas() {
        return replicas;
    }

    public long liveBlocks() {
        return liveBlocks;
    }

    public long liveBytes() {
        return liveBytes;
    }

    public long deletedBytes() {
        return deletedBytes;
    }

    public long diskBytes() {
        return diskBytes;
    }

    public int extents() {
        return extents;
    }
}
