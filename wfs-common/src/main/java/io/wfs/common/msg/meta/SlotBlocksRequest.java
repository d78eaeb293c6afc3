package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.Validate;

/** The shape of a store's requests about blocks of one slot: (header, slot, blockIds), 1..MAX_BLOCKS ids. */
public abstract class SlotBlocksRequest<R extends Response> extends SlotRequest<R> {
    private long[] blockIds;

    protected SlotBlocksRequest() {
    }

    protected SlotBlocksRequest(MetaHeader header, int slot, long[] blockIds) {
        super(header, slot);
        this.blockIds = blockIds;
    }

    public long[] blockIds() {
        return blockIds;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.notNull(blockIds, "blockIds");
        Validate.range(blockIds.length, "blockIds", 1, PendingDeletionsRequest.MAX_BLOCKS);
    }
}
