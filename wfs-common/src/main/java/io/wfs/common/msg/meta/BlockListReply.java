package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** Block ids. */
public final class BlockListReply implements Response {
    private long[] blockIds;

    public BlockListReply() {
    }

    public BlockListReply(long[] blockIds) {
        this.blockIds = blockIds;
    }

    public long[] blockIds() {
        return blockIds;
    }
}
