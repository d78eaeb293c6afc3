package io.wfs.common.msg.store;

import io.wfs.common.rpc.Response;

/** A block is durable on the replica(s) that answered: its length and CRC32C. */
public final class BlockWrittenReply extends BlockAddress implements Response {
    private int length;
    private int crc;

    public BlockWrittenReply() {
    }

    public BlockWrittenReply(int volume, long blockId, int length, int crc) {
        super(volume, blockId);
        this.length = length;
        this.crc = crc;
    }

    public int length() {
        return length;
    }

    public int crc() {
        return crc;
    }
}
