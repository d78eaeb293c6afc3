package io.wfs.store.disk;

/**
 * Fill of one volume replica: live blocks and bytes; bytes of deleted blocks in the current
 * extents, of which {@code reclaimedBytes} were already given back to the file system by punched
 * holes (the rest waits for its punch or for GC); bytes on disk; extents.
 */
public record VolumeStats(int volume, long liveBlocks, long liveBytes, long deletedBytes, long reclaimedBytes,
                          long diskBytes, int extents) {
    /** The sums over a volume's extents (their counters are the volume's to lock). */
    static VolumeStats of(int volume, java.util.Collection<Extent> extents) {
        long live = 0;
        long deleted = 0;
        long punched = 0;
        long disk = 0;
        long blocks = 0;
        for (Extent e : extents) {
            live += e.liveBytes;
            deleted += e.deletedBytes;
            punched += e.punchedBytes();
            disk += e.diskBytes();
            blocks += e.liveBlocks;
        }
        return new VolumeStats(volume, blocks, live, deleted, punched, disk, extents.size());
    }

    /** Deleted bytes that still take disk. */
    public long unreclaimedBytes() {
        return Math.max(0, deletedBytes - reclaimedBytes);
    }
}
