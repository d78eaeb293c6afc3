package io.wfs.common.msg.store;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * Read {@code length} bytes at {@code offset} of a block from any replica (a range past the end
 * of the block is cut short). {@code fromPeer} is set by a replica fetching a good copy to repair
 * its own: the answering replica must not start a repair of its own in turn.
 */
public final class ReadBlockRequest implements Request<ReadBlockReply> {
    private int volume;
    private long blockId;
    private int offset;
    private int length;
    private boolean fromPeer;

    public ReadBlockRequest() {
    }

    public ReadBlockRequest(int volume, long blockId, int offset, int length, boolean fromPeer) {
        this.volume = volume;
        this.blockId = blockId;
        this.offset = offset;
        this.length = length;
        this.fromPeer = fromPeer;
    }

    public int volume() {
        return volume;
    }

    public long blockId() {
        return blockId;
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    public boolean fromPeer() {
        return fromPeer;
    }

    @Override
    public void validate() {
        StoreLimits.volume(volume);
        // Any id but 0: ids of slots 2048 and up (slot << 52) are negative as Java longs.
        Validate.check(blockId != 0, "blockId is 0");
        Validate.range(offset, "offset", 0, StoreLimits.MAX_BLOCK_BYTES - 1);
        Validate.range(length, "length", 1, StoreLimits.MAX_BLOCK_BYTES);
    }
}
