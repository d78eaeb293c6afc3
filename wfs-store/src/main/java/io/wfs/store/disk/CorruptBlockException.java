package io.wfs.store.disk;

/** A block's bytes on this replica do not match its CRC32C: read it from another replica and repair. */
public final class CorruptBlockException extends Exception {
    private final long blockId;

    public CorruptBlockException(long blockId, String message) {
        super(message);
        this.blockId = blockId;
    }

    public long blockId() {
        return blockId;
    }
}
