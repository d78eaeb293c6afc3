package io.wfs.common.msg.store;

import io.wfs.common.msg.meta.BlockListReply;
import io.wfs.common.rpc.Validate;

/**
 * The live block ids of a volume replica greater than {@code afterBlockId}, ascending, at most
 * {@code max}: pages for re-replication and for the orphan scan.
 */
public final class ListBlocksRequest extends VolumeRequest<BlockListReply> {
    private long afterBlockId;
    private int max;

    public ListBlocksRequest() {
    }

    public ListBlocksRequest(int volume, long afterBlockId, int max) {
        super(volume);
        this.afterBlockId = afterBlockId;
        this.max = max;
    }

    public long afterBlockId() {
        return afterBlockId;
    }

    public int max() {
        return max;
    }

    @Override
    public void validate() {
        super.validate();
        // afterBlockId is an unsigned cursor (0 = from the start): every value is valid.
        Validate.range(max, "max", 1, StoreLimits.MAX_BLOCK_IDS);
    }
}
