package io.wfs.common.msg.store;

import io.wfs.common.rpc.Validate;

/**
 * Delete blocks on the receiving store (idempotent: an unknown or already deleted block is not
 * an error). {@code volume} 0 means "whichever local volume holds it": the meta groups' deletion
 * queues know block ids only.
 */
public final class DeleteBlocksRequest extends BlockIdsRequest<DeleteBlocksReply> {
    public static final int ANY_VOLUME = 0;

    public DeleteBlocksRequest() {
    }

    public DeleteBlocksRequest(int volume, long[] blockIds) {
        super(volume, blockIds);
    }

    @Override
    public void validate() {
        Validate.range(volume(), "volume", ANY_VOLUME, Integer.MAX_VALUE);
        super.validate();
    }
}
