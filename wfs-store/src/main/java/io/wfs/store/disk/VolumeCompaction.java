package io.wfs.store.disk;

import java.io.IOException;
import java.util.List;

/**
 * GC's side of one {@link VolumeReplica}: a fresh extent to copy live blocks into, the test of
 * which block records are still live, and the switch of the index to the copies. It works under
 * the replica's own locks (append lock for extent numbers, index lock for the index).
 */
public final class VolumeCompaction {
    private final VolumeReplica volume;

    VolumeCompaction(VolumeReplica volume) {
        this.volume = volume;
    }

    /** A fresh extent for GC to copy into; invisible to readers until {@link #complete}. */
    public Extent newTarget() throws IOException {
        synchronized (volume.appendLock) {
            return Extent.open(volume.dir(), volume.nextExtentNumber++);
        }
    }

    /** Whether {@code record} (a block record of {@code extent}) is the live copy of its block. */
    public boolean isLiveCopy(Extent extent, IndexRecord record) {
        volume.indexLock.readLock().lock();
        try {
            long loc = volume.index.location(record.blockId());
            return loc != 0 && !BlockLocation.isDeleted(loc) && BlockLocation.extent(loc) == extent.number()
                    && BlockLocation.offset(loc) == record.offset();
        } finally {
            volume.indexLock.readLock().unlock();
        }
    }

    /**
     * Switches the index to the copies GC wrote into {@code target}, atomically for readers, and
     * forgets {@code victim} ({@code target} is null when nothing was live). A block deleted or replaced while GC copied it gets a tombstone in the
     * target instead. The caller deletes the victim's files afterwards.
     */
    public void complete(Extent victim, Extent target, List<CompactedCopy> copies) throws IOException {
        volume.indexLock.writeLock().lock();
        try {
            if (target != null) {
                volume.extents.put(target.number(), target);
            }
            for (CompactedCopy moved : copies) {
                IndexRecord copy = moved.copy();
                if (volume.index.location(copy.blockId()) == moved.oldLocation()) {
                    volume.index.put(copy.blockId(), copy.location(target.number()), copy.crc());
                    target.liveBytes += copy.length();
                    target.liveBlocks++;
                } else {
                    target.appendRecord(IndexRecord.tombstone(copy.blockId(), copy.offset(), copy.length()));
                    target.deletedBytes += copy.length();
                    target.addHole(copy.location(target.number()));
                }
            }
            for (IndexRecord r : victim.readRecords()) {
                long loc = volume.index.location(r.blockId());
                if (r.kind() == IndexRecord.BLOCK && loc != 0 && BlockLocation.extent(loc) == victim.number()) {
                    volume.index.remove(r.blockId());
                }
            }
            volume.extents.remove(victim.number());
            if (target != null) {
                target.force();
            }
        } finally {
            volume.indexLock.writeLock().unlock();
        }
    }
}
