package io.wfs.store.orphan;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.msg.meta.UnreferencedBlocksRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.store.disk.DeletedSpace;
import io.wfs.store.disk.Extent;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.node.Periodic;
import io.wfs.store.node.VolumeSet;
import it.unimi.dsi.fastutil.ints.Int2ObjectRBTreeMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds and reclaims orphans: blocks on this store that no file references (a client died
 * between writing a block and committing its slice). Each pass lists the live blocks of every
 * local replica, asks the meta group owning each block's slot which of them are unreferenced,
 * and remembers those as suspects with the time they were first seen. A suspect still
 * unreferenced a whole grace period later is deleted; one that became referenced (its commit
 * arrived) is forgotten. The grace runs from the first sighting, never from the write, so no
 * clock is stored on disk and a restart only delays reclamation. A group that does not answer
 * changes nothing: its suspects wait for the next pass.
 */
public final class OrphanScanner implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OrphanScanner.class);
    /** Block ids sort by slot (slot << 52 | seq), so a page covers few slots: few requests, each one slot scan. */
    static final int PAGE = 65_536;

    private final VolumeSet volumes;
    private final MetaClient meta;
    private final long graceMillis;
    private final LongSupplier clockMillis;
    private final Counter reclaimed;
    private final Counter failures;
    /**
     * Block id → first time seen unreferenced (ms). Only a scan reads or changes it, and a scan
     * publishes a new map at its end, so the gauge reads it without waiting for a scan's RPCs.
     */
    private volatile Long2LongOpenHashMap suspects = new Long2LongOpenHashMap();
    private Periodic periodic;

    public OrphanScanner(VolumeSet volumes, MetaClient meta, Duration grace, LongSupplier clockMillis,
                         MetricRegistry registry) {
        this.volumes = volumes;
        this.meta = meta;
        this.graceMillis = grace.toMillis();
        this.clockMillis = clockMillis;
        this.reclaimed = registry.counter("store.orphans.reclaimed_blocks");
        this.failures = registry.counter("store.orphans.check_failures");
        registry.gauge("store.orphans.suspects", () -> (Gauge<Integer>) () -> suspects.size());
    }

    /** One pass over every local replica; returns the number of orphans deleted. */
    public synchronized int scanOnce() throws InterruptedException {
        long now = clockMillis.getAsLong();
        Long2LongOpenHashMap next = new Long2LongOpenHashMap();
        int deleted = 0;
        for (VolumeReplica v : volumes.all()) {
            long after = 0;
            while (true) {
                long[] page = v.liveBlocksAfter(after, PAGE);
                if (page.length == 0) {
                    break;
                }
                deleted += checkPage(v, page, now, next);
                after = page[page.length - 1];
            }
        }
        suspects = next;
        return deleted;
    }

    /** Asks the owning groups about one page of a replica's blocks; deletes the expired suspects. */
    private int checkPage(VolumeReplica v, long[] page, long now, Long2LongOpenHashMap next) throws InterruptedException {
        LongArrayList expired = new LongArrayList();
        for (Map.Entry<Integer, LongArrayList> slot : bySlot(page).entrySet()) {
            long[] ids = slot.getValue().toLongArray();
            long[] unreferenced;
            try {
                unreferenced = meta.call(new UnreferencedBlocksRequest(meta.query(0, 0), slot.getKey(), ids)).get()
                        .blockIds();
            } catch (ExecutionException e) {
                failures.inc();
                LOG.warn("orphan check of {} blocks of slot {} failed (kept for the next pass): {}", ids.length,
                        slot.getKey(), e.getCause().toString());
                for (long id : ids) {
                    if (suspects.containsKey(id)) {
                        next.put(id, suspects.get(id));
                    }
                }
                continue;
            }
            for (long id : unreferenced) {
                long firstSeen = suspects.containsKey(id) ? suspects.get(id) : now;
                if (now - firstSeen >= graceMillis) {
                    expired.add(id);
                } else {
                    next.put(id, firstSeen);
                }
            }
        }
        if (expired.isEmpty()) {
            return 0;
        }
        List<Extent> touched = new ArrayList<>();
        try {
            int n = v.delete(expired.toLongArray(), touched);
            DeletedSpace.commit(touched);
            reclaimed.inc(n);
            LOG.info("volume {}: reclaimed {} orphan blocks unreferenced for at least {} ms", v.id(), n, graceMillis);
            return n;
        } catch (IOException e) {
            LOG.error("volume {}: deleting {} orphans failed (retried next pass)", v.id(), expired.size(), e);
            return 0;
        }
    }

    private static Map<Integer, LongArrayList> bySlot(long[] ids) {
        Int2ObjectRBTreeMap<LongArrayList> out = new Int2ObjectRBTreeMap<>();
        for (long id : ids) {
            int slot = (int) (id >>> 52);
            out.computeIfAbsent(slot, s -> new LongArrayList()).add(id);
        }
        return out;
    }

    public void start(Duration interval) {
        periodic = Periodic.start("store-orphans", interval, LOG, this::scanOnce);
    }

    @Override
    public void close() {
        if (periodic != null) {
            periodic.close();
        }
    }
}
