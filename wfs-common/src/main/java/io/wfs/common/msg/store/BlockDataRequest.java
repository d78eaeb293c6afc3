package io.wfs.common.msg.store;

import io.wfs.common.rpc.Validate;

/** The shape of requests that store one block's bytes: (volume, blockId, data), answered when written. */
public abstract class BlockDataRequest extends BlockRequest<BlockWrittenReply> {
    private byte[] data;

    protected BlockDataRequest() {
    }

    protected BlockDataRequest(int volume, long blockId, byte[] data) {
        super(volume, blockId);
        this.data = data;
    }

    public byte[] data() {
        return data;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.length(data, "data", 1, StoreLimits.MAX_BLOCK_BYTES);
    }
}
