package io.wfs.store.gc;

import io.wfs.store.disk.CompactedCopy;
import io.wfs.store.disk.Extent;
import io.wfs.store.disk.IndexRecord;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.node.Throttle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Compacts one sealed extent: copies its live blocks into a fresh extent (same block versions,
 * so a restart in the middle still finds one winner per block), makes the copy durable, switches
 * the index in one step, then removes the old files. Foreground traffic goes on meanwhile.
 */
final class ExtentCompactor {
    /** Outcome: bytes copied (write amplification) and bytes freed on disk. */
    record Result(long copiedBytes, long reclaimedBytes) {
    }

    /**
     * The copy is fsynced every this many bytes: a foreground fsync queues behind whatever the
     * disk is flushing, and one flush of a whole half-live extent (~100 MiB) cost writers ~100 ms
     * of p99 in docs/benchmarks.md; a few MiB at a time keeps each stall to milliseconds.
     */
    static final long SYNC_EVERY = 4L << 20;

    private final Throttle throttle;

    ExtentCompactor(Throttle throttle) {
        this.throttle = throttle;
    }

    Result compact(VolumeReplica volume, Extent victim) throws IOException, InterruptedException {
        long before = victim.diskBytes();
        Extent target = volume.compaction().newTarget();
        List<CompactedCopy> copies = new ArrayList<>();
        long copied = 0;
        long unsynced = 0;
        for (IndexRecord r : victim.readRecords()) {
            if (r.kind() != IndexRecord.BLOCK || !volume.compaction().isLiveCopy(victim, r)) {
                continue;
            }
            byte[] bytes = new byte[r.span()];
            victim.readFully(r.offset(), bytes);
            throttle.acquire(bytes.length);
            // Copied verbatim with its CRCs (and format): a damaged copy stays detectable and the read path repairs it.
            long offset = target.appendData(bytes);
            IndexRecord copy = new IndexRecord(r.blockId(), r.version(), (int) offset, r.length(), r.crc(), IndexRecord.BLOCK,
                    r.format());
            target.appendRecord(copy);
            copies.add(new CompactedCopy(r.location(victim.number()), copy));
            copied += bytes.length;
            unsynced += bytes.length;
            if (unsynced >= SYNC_EVERY) {
                target.force();
                unsynced = 0;
            }
        }
        if (copies.isEmpty()) {
            volume.compaction().complete(victim, null, copies);
            target.delete();
            victim.delete();
            return new Result(0, before);
        }
        target.seal();
        volume.compaction().complete(victim, target, copies);
        target.punchHoles();
        victim.delete();
        return new Result(copied, Math.max(0, before - target.diskBytes()));
    }
}
