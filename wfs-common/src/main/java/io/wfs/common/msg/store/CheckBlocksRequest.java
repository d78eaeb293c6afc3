package io.wfs.common.msg.store;

import io.wfs.common.msg.meta.BlockListReply;

/**
 * Which of {@code blockIds} the receiving replica of {@code volume} lacks (never written here, or
 * deleted): {@code wfs fsck}'s data check asks every replica of a volume about the blocks a batch
 * of files names. Answered with the missing ids, in the order asked.
 */
public final class CheckBlocksRequest extends BlockIdsRequest<BlockListReply> {
    public CheckBlocksRequest() {
    }

    public CheckBlocksRequest(int volume, long[] blockIds) {
        super(volume, blockIds);
    }

    @Override
    public void validate() {
        StoreLimits.volume(volume());
        super.validate();
    }
}
