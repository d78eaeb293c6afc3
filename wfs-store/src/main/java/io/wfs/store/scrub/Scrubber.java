package io.wfs.store.scrub;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.store.disk.ChunkCrcs;
import io.wfs.store.disk.Extent;
import io.wfs.store.disk.IndexRecord;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.node.Periodic;
import io.wfs.store.node.Throttle;
import io.wfs.store.node.VolumeSet;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds damaged blocks before a reader does: each pass walks every extent of every local volume
 * replica in extent and offset order (sequential reads), reads each live block under a byte-rate
 * throttle, checks it against its checksums (each 64 KiB chunk against the CRC32C stored after
 * the block, or a block of the old format against its index record's CRC32C), and repairs a mismatch through the
 * store's read-repair path ({@link BlockRepairer}). GC may move blocks under it: an extent that
 * GC removed mid-walk is left (its live blocks now sit in a newer extent, walked later in the
 * same pass), and a mismatch is believed only if the record is still the block's live copy after
 * the read (a delete punches the block's pages, which then read as zeros).
 */
public final class Scrubber implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Scrubber.class);
    /** How long one repair may take (it asks the other replicas in turn) before the block counts as unrepairable. */
    private static final long REPAIR_WAIT_SECONDS = 60;

    private final VolumeSet volumes;
    private final BlockRepairer repairer;
    private final Throttle throttle;
    private final Counter scrubbedBytes;
    private final Counter badBlocks;
    private final Counter repaired;
    private final Counter unrepairable;
    private final Counter passes;
    private Periodic periodic;

    public Scrubber(VolumeSet volumes, BlockRepairer repairer, long bytesPerSecond, MetricRegistry registry) {
        this.volumes = volumes;
        this.repairer = repairer;
        this.throttle = new Throttle(bytesPerSecond);
        this.scrubbedBytes = registry.counter("store.scrub.bytes");
        this.badBlocks = registry.counter("store.scrub.bad_blocks");
        this.repaired = registry.counter("store.scrub.repaired");
        this.unrepairable = registry.counter("store.scrub.unrepairable");
        this.passes = registry.counter("store.scrub.passes");
    }

    /** One pass over every live block of every local replica. */
    public synchronized void runOnce() throws InterruptedException {
        for (VolumeReplica v : volumes.all()) {
            for (Extent e : v.extents()) {
                try {
                    scrub(v, e);
                } catch (ClosedChannelException gone) {
                    LOG.debug("volume {}: {} was compacted during the scrub; its blocks are in a newer extent", v.id(), e);
                } catch (IOException io) {
                    LOG.error("volume {}: scrubbing {} failed; the next pass tries again", v.id(), e, io);
                }
            }
        }
        passes.inc();
    }

    private void scrub(VolumeReplica v, Extent e) throws IOException, InterruptedException {
        List<IndexRecord> records = e.readRecords();
        for (IndexRecord r : records) {
            if (r.kind() != IndexRecord.BLOCK || !v.compaction().isLiveCopy(e, r)) {
                continue;
            }
            throttle.acquire(r.span());
            byte[] bytes = new byte[r.span()];
            e.readFully(r.offset(), bytes);
            scrubbedBytes.inc(r.length());
            if (!ChunkCrcs.intact(r.chunked(), r.crc(), bytes, r.length()) && v.compaction().isLiveCopy(e, r)) {
                badBlocks.inc();
                LOG.warn("volume {}: block {} in {} at {} fails its CRC check; repairing it from another replica",
                        v.id(), r.blockId(), e, r.offset());
                repair(v, r.blockId(), r.location(e.number()), r.crc());
            }
        }
    }

    private void repair(VolumeReplica v, long blockId, long location, int crc) throws InterruptedException {
        try {
            repairer.repair(v, blockId, location, crc).get(REPAIR_WAIT_SECONDS, TimeUnit.SECONDS);
            repaired.inc();
        } catch (ExecutionException failure) {
            WfsException w = WfsException.unwrap(failure);
            if (w.code() == WfsErrorCode.ENOENT) {
                return; // deleted while it was being repaired
            }
            unrepairable.inc();
            LOG.error("volume {}: block {} is unrepairable: {}", v.id(), blockId, w.getMessage());
        } catch (TimeoutException slow) {
            unrepairable.inc();
            LOG.error("volume {}: repairing block {} took over {} s; the next pass tries again", v.id(), blockId,
                    REPAIR_WAIT_SECONDS);
        }
    }

    public void start(Duration interval) {
        periodic = Periodic.start("store-scrub", interval, LOG, this::runOnce);
    }

    @Override
    public void close() {
        if (periodic != null) {
            periodic.close();
        }
    }
}
