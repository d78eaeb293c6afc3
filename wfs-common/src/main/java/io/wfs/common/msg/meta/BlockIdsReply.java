package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** {@code count} block ids starting at {@code firstId}, reserved for the caller. */
public final class BlockIdsReply implements Response {
    private long firstId;
    private int count;

    public BlockIdsReply() {
    }

    public BlockIdsReply(long firstId, int count) {
        this.firstId = firstId;
        this.count = count;
    }

    public long firstId() {
        return firstId;
    }

    public int count() {
        return count;
    }
}
