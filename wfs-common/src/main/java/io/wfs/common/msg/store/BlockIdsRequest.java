package io.wfs.common.msg.store;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.Validate;

/** The shape of requests about a list of blocks of one volume replica: 1 to MAX_BLOCK_IDS ids. */
public abstract class BlockIdsRequest<R extends Response> implements Request<R> {
    private int volume;
    private long[] blockIds;

    protected BlockIdsRequest() {
    }

    protected BlockIdsRequest(int volume, long[] blockIds) {
        this.volume = volume;
        this.blockIds = blockIds;
    }

    public int volume() {
        return volume;
    }

    public long[] blockIds() {
        return blockIds;
    }

    /** The list's bounds; each request checks its volume its own way. */
    @Override
    public void validate() {
        Validate.notNull(blockIds, "blockIds");
        Validate.range(blockIds.length, "blockIds", 1, StoreLimits.MAX_BLOCK_IDS);
    }
}
