package io.wfs.common.msg.store;

import io.wfs.common.rpc.Response;

/** A block is durable on the replica(s) that answered: its length and CRC32C. */
public final class BlockWrittenReply implements Response {
    private int volume;
    private long blockId;
    private int length;
    private int crc;

    public BlockWrittenReply() {
    }

    public BlockWrittenReply(int volume, long blockId, int length, int crc) {
        this.volume = volume;
        this.blockId = blockId;
        this.length = length;
        this.crc = crc;
    }

    public int volume() {
        return volume;
    }

    public long blockId() {
        return blockId;
    }

    public int length() {
        return length;
    }

    public int crc() {
        return crc;
    }
}
