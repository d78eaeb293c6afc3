package io.wfs.store.disk;

/** A block's bytes on this replica do not match its CRC32C: read it from another replica and repair. */
public final class CorruptBlockException extends Exception {
    private final long blockId;
    private final long location;
    private final int expectedCrc;

    public CorruptBlockException(long blockId, long location, int expectedCrc, String message) {
        super(message);
        this.blockId = blockId;
        this.location = location;
        this.expectedCrc = expectedCrc;
    }

    public long blockId() {
        return blockId;
    }

    /** The packed location of the damaged copy: a repair replaces this copy only, not a newer one. */
    public long location() {
        return location;
    }

    /** The CRC32C the index holds for the block: a good copy must match it. */
    public int expectedCrc() {
        return expectedCrc;
    }
}
