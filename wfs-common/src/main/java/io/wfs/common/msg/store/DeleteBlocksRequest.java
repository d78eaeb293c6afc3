package io.wfs.common.msg.store;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * Delete blocks on the receiving store (idempotent: an unknown or already deleted block is not
 * an error). {@code volume} 0 means "whichever local volume holds it": the meta groups' deletion
 * queues know block ids only.
 */
public final class DeleteBlocksRequest implements Request<DeleteBlocksReply> {
    public static final int ANY_VOLUME = 0;

    private int volume;
    private long[] blockIds;

    public DeleteBlocksRequest() {
    }

    public DeleteBlocksRequest(int volume, long[] blockIds) {
        this.volume = volume;
        this.blockIds = blockIds;
    }

    public int volume() {
        return volume;
    }

    public long[] blockIds() {
        return blockIds;
    }

    @Override
    public void validate() {
        Validate.range(volume, "volume", ANY_VOLUME, Integer.MAX_VALUE);
        Validate.notNull(blockIds, "blockIds");
        Validate.range(blockIds.length, "blockIds", 1, StoreLimits.MAX_BLOCK_IDS);
    }
}
