package io.wfs.store.gc;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.wfs.store.disk.Extent;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.node.Throttle;
import io.wfs.store.node.Periodic;
import io.wfs.store.node.VolumeSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reclaims space: each pass ranks the sealed extents of all local volumes by deleted bytes,
 * most first, keeps those whose deleted share reaches the threshold, and compacts them one at a
 * time under a byte-rate throttle. Most-deleted-first frees the most space per byte copied.
 * Where holes are punched (see {@code HolePunch}) a delete's disk space is already back and
 * compaction trims the index and its memory; where they cannot be, an active extent past the
 * threshold is sealed so that it is compacted too.
 */
public final class GarbageCollector implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(GarbageCollector.class);

    /** A sealed extent worth compacting. */
    public record Candidate(VolumeReplica volume, Extent extent, long deletedBytes) {
    }

    private final VolumeSet volumes;
    private final double minDeletedRatio;
    private final ExtentCompactor compactor;
    private final Counter reclaimed;
    private final Counter copied;
    private final Counter compacted;
    private final Counter userBytes;
    private volatile int queue;
    private Periodic periodic;

    public GarbageCollector(VolumeSet volumes, int minDeletedPercent, long bytesPerSecond, MetricRegistry registry) {
        this.volumes = volumes;
        this.minDeletedRatio = minDeletedPercent / 100.0;
        this.compactor = new ExtentCompactor(new Throttle(bytesPerSecond));
        this.reclaimed = registry.counter("store.gc.reclaimed_bytes");
        this.copied = registry.counter("store.gc.copied_bytes");
        this.compacted = registry.counter("store.gc.extents_compacted");
        this.userBytes = registry.counter("store.write.bytes");
        registry.gauge("store.gc.queue", () -> (Gauge<Integer>) () -> queue);
        registry.gauge("store.gc.write_amplification", () -> (Gauge<Double>) this::writeAmplification);
    }

    /** Bytes written to disk per byte of user data: (user + GC copies) / user. */
    public double writeAmplification() {
        long user = userBytes.getCount();
        return user == 0 ? 1.0 : (user + copied.getCount()) / (double) user;
    }

    /** The extents a pass would compact now, most deleted bytes first. */
    public List<Candidate> candidates() {
        List<Candidate> out = new ArrayList<>();
        for (VolumeReplica v : volumes.all()) {
            if (!v.punchesHoles()) {
                try {
                    v.sealActiveIfDeleted(minDeletedRatio);
                } catch (java.io.IOException e) {
                    LOG.error("volume {}: sealing the active extent for GC failed", v.id(), e);
                }
            }
            for (Extent e : v.sealedExtents()) {
                long deleted = e.deletedBytes();
                long total = deleted + e.liveBytes();
                if (deleted > 0 && deleted >= minDeletedRatio * total) {
                    out.add(new Candidate(v, e, deleted));
                }
            }
        }
        out.sort(Comparator.comparingLong(Candidate::deletedBytes).reversed());
        queue = out.size();
        return out;
    }

    /** One pass; returns the candidates compacted, in the order they were. */
    public synchronized List<Candidate> runOnce() throws InterruptedException {
        List<Candidate> done = new ArrayList<>();
        List<Candidate> todo = candidates();
        for (Candidate c : todo) {
            try {
                ExtentCompactor.Result r = compactor.compact(c.volume(), c.extent());
                reclaimed.inc(r.reclaimedBytes());
                copied.inc(r.copiedBytes());
                compacted.inc();
                done.add(c);
                queue = todo.size() - done.size();
                LOG.info("volume {}: compacted {} ({} deleted bytes): copied {}, reclaimed {}", c.volume().id(),
                        c.extent(), c.deletedBytes(), r.copiedBytes(), r.reclaimedBytes());
            } catch (java.io.IOException e) {
                LOG.error("volume {}: compacting {} failed; the extent stays as it is", c.volume().id(), c.extent(), e);
            }
        }
        queue = 0;
        return done;
    }

    public void start(Duration interval) {
        periodic = Periodic.start("store-gc", interval, LOG, this::runOnce);
    }

    @Override
    public void close() {
        if (periodic != null) {
            periodic.close();
        }
    }
}
