package io.wfs.common.msg.store;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * Client → the volume's primary: store one block. Answered once every replica has it durably;
 * a failing replica fails the write (nothing acknowledged) and turns the volume read-only (EROFS).
 * Writing the same block id again with the same bytes is a no-op (a client retry).
 */
public final class WriteBlockRequest implements Request<BlockWrittenReply> {
    private int volume;
    private long blockId;
    private byte[] data;

    public WriteBlockRequest() {
    }

    public WriteBlockRequest(int volume, long blockId, byte[] data) {
        this.volume = volume;
        this.blockId = blockId;
        this.data = data;
    }

    public int volume() {
        return volume;
    }

    public long blockId() {
        return blockId;
    }

    public byte[] data() {
        return data;
    }

    @Override
    public void validate() {
        StoreLimits.volume(volume);
        // Any id but 0: ids of slots 2048 and up (slot << 52) are negative as Java longs.
        Validate.check(blockId != 0, "blockId is 0");
        Validate.length(data, "data", 1, StoreLimits.MAX_BLOCK_BYTES);
    }
}
