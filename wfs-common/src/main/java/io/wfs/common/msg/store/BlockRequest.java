package io.wfs.common.msg.store;

import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.Validate;

/** The shape of requests about one block of a volume: (volume, blockId). */
public abstract class BlockRequest<R extends Response> extends VolumeRequest<R> {
    private long blockId;

    protected BlockRequest() {
    }

    protected BlockRequest(int volume, long blockId) {
        super(volume);
        this.blockId = blockId;
    }

    public long blockId() {
        return blockId;
    }

    @Override
    public void validate() {
        super.validate();
        // Any id but 0: ids of slots 2048 and up (slot << 52) are negative as Java longs.
        Validate.check(blockId != 0, "blockId is 0");
    }
}
