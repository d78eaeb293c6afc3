package io.wfs.common.msg.store;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * Primary → backup: append this block to the backup's replica of the volume. {@code crc} is the
 * CRC32C the primary computed, checked again on arrival. {@code repair} replaces an existing copy
 * (a replica whose copy failed its CRC check, or re-replication) instead of treating it as a retry.
 */
public final class ReplicateBlockRequest implements Request<BlockWrittenReply> {
    private int volume;
    private long blockId;
    private byte[] data;
    private int crc;
    private boolean repair;

    public ReplicateBlockRequest() {
    }

    public ReplicateBlockRequest(int volume, long blockId, byte[] data, int crc, boolean repair) {
        this.volume = volume;
        this.blockId = blockId;
        this.data = data;
        this.crc = crc;
        this.repair = repair;
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

    public int crc() {
        return crc;
    }

    public boolean repair() {
        return repair;
    }

    @Override
    public void validate() {
        StoreLimits.volume(volume);
        // Any id but 0: ids of slots 2048 and up (slot << 52) are negative as Java longs.
        Validate.check(blockId != 0, "blockId is 0");
        Validate.length(data, "data", 1, StoreLimits.MAX_BLOCK_BYTES);
    }
}
