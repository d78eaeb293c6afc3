package io.wfs.store.disk;

/**
 * Fill of one volume replica: live blocks and bytes; bytes of deleted blocks in the current
 * extents, of which {@code reclaimedBytes} were already given back to the file system by punched
 * holes (the rest waits for its punch or for GC); bytes on disk; extents.
 */
public record VolumeStats(int volume, long liveBlocks, long liveBytes, long deletedBytes, long reclaimedBytes,
                          long diskBytes, int extents) {
    /** Deleted bytes that still take disk. */
    public long unreclaimedBytes() {
        return Math.max(0, deletedBytes - reclaimedBytes);
    }
}
