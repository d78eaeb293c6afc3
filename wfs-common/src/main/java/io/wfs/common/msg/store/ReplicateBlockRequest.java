package io.wfs.common.msg.store;

/**
 * Primary → backup: append this block to the backup's replica of the volume. {@code crc} is the
 * CRC32C the primary computed, checked again on arrival. {@code repair} replaces an existing copy
 * (a replica whose copy failed its CRC check, or re-replication) instead of treating it as a retry.
 */
public final class ReplicateBlockRequest extends BlockDataRequest {
    private int crc;
    private boolean repair;

    public ReplicateBlockRequest() {
    }

    public ReplicateBlockRequest(int volume, long blockId, byte[] data, int crc, boolean repair) {
        super(volume, blockId, data);
        this.crc = crc;
        this.repair = repair;
    }

    public int crc() {
        return crc;
    }

    public boolean repair() {
        return repair;
    }
}
