package io.wfs.common.msg.store;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.Validate;

/** The shape of requests about one block of a volume: (volume, blockId), both valid. */
public abstract class BlockRequest<R extends Response> extends BlockAddress implements Request<R> {
    protected BlockRequest() {
    }

    protected BlockRequest(int volume, long blockId) {
        super(volume, blockId);
    }

    @Override
    public void validate() {
        StoreLimits.volume(volume());
        // Any id but 0: ids of slots 2048 and up (slot << 52) are negative as Java longs.
        Validate.check(blockId() != 0, "blockId is 0");
    }
}
