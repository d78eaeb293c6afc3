package io.wfs.store.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.CreateVolumeRequest;
import io.wfs.common.msg.store.DeleteBlocksRequest;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.StoreLimits;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.testing.Await;
import io.wfs.common.testing.DiskUsage;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.disk.BlockLocation;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.gc.GarbageCollector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GC acceptance of issue 5, through a real store server on loopback. */
class StoreGcTest {
    private static final int VOLUME = 1;
    private static final int BLOCK = 64 << 10;
    /** A 4 MiB extent holds exactly this many 64 KiB blocks. */
    private static final int PER_EXTENT = 64;

    @TempDir
    Path root;

    private StoreTestNodes nodes;
    private StoreServer store;

    private void start(int minDeletedPercent) throws Exception {
        nodes = new StoreTestNodes(root);
        store = nodes.start(0, StoreTestNodes.config(root.resolve("store-0"))
                .with(StoreConfigKeys.GC_MIN_DELETED_PERCENT, minDeletedPercent)
                .with(StoreConfigKeys.GC_BYTES_PER_SECOND, 256L << 20));
        call(new CreateVolumeRequest(VOLUME, new String[] {nodes.address(0)}, true));
    }

    @AfterEach
    void stop() {
        if (nodes != null) {
            nodes.close();
        }
    }

    private <R extends Response> R call(Request<R> request) throws Exception {
        try {
            return nodes.client.call(store.rpcAddress(), request).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw WfsException.unwrap(e);
        }
    }

    private byte[] write(long id, Random r, int size) throws Exception {
        byte[] data = new byte[size];
        r.nextBytes(data);
        call(new WriteBlockRequest(VOLUME, id, data));
        return data;
    }

    private byte[] read(long id) throws Exception {
        return call(new ReadBlockRequest(VOLUME, id, 0, StoreLimits.MAX_BLOCK_BYTES, false)).data();
    }

    private static long filesOnDisk(Path dir) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            long sum = 0;
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                sum += Files.size(p);
            }
            return sum;
        }
    }

    @Test
    void extentsWithMostDeletionsAreReclaimedFirstAndEveryLiveBlockReadsBack() throws Exception {
        start(1);
        Random r = new Random(5);
        Map<Long, byte[]> blocks = new TreeMap<>();
        for (long id = 1; id <= 6 * PER_EXTENT; id++) {
            blocks.put(id, write(id, r, BLOCK));
        }
        VolumeReplica v = store.volumes().require(VOLUME);
        v.sealActive();
        // Extents 1, 3, 5 lose 60 % of their blocks, extents 2, 4, 6 lose 5 %.
        Map<Integer, List<Long>> byExtent = new TreeMap<>();
        for (long id : blocks.keySet()) {
            byExtent.computeIfAbsent(BlockLocation.extent(v.location(id)), e -> new ArrayList<>()).add(id);
        }
        assertEquals(6, byExtent.size(), "64 blocks of 64 KiB fill each 4 MiB extent: " + byExtent.keySet());
        List<Integer> heavy = new ArrayList<>();
        List<Long> deleted = new ArrayList<>();
        for (Map.Entry<Integer, List<Long>> e : byExtent.entrySet()) {
            boolean isHeavy = e.getKey() % 2 == 1;
            int n = isHeavy ? PER_EXTENT * 60 / 100 : PER_EXTENT * 5 / 100;
            if (isHeavy) {
                heavy.add(e.getKey());
            }
            deleted.addAll(e.getValue().subList(0, n));
        }
        long allocatedBefore = DiskUsage.allocatedBytes(root.resolve("store-0"));
        call(new DeleteBlocksRequest(VOLUME, deleted.stream().mapToLong(Long::longValue).toArray()));
        long deletedBytes = (long) deleted.size() * BLOCK;
        long punched = allocatedBefore - DiskUsage.allocatedBytes(root.resolve("store-0"));
        assertTrue(punched >= deletedBytes - 6 * 4096, "the delete gave the blocks' pages back at once (holes): "
                + punched + " of " + deletedBytes);
        assertEquals(deletedBytes, v.stats().reclaimedBytes(), "reclaimed bytes of the volume");
        assertEquals(0, v.stats().unreclaimedBytes());
        long diskBefore = filesOnDisk(root.resolve("store-0"));
        long accountedBefore = v.stats().diskBytes();

        GarbageCollector gc = store.gc();
        MetricRegistry metrics = nodes.registries.get(0);
        assertEquals(6, gc.candidates().size());
        assertEquals(6, ((Gauge<?>) metrics.getGauges().get("store.gc.queue")).getValue(), "GC queue gauge");
        List<GarbageCollector.Candidate> done = gc.runOnce();
        List<Integer> order = done.stream().map(c -> c.extent().number()).toList();
        assertEquals(heavy, order.subList(0, 3).stream().sorted().toList(), "the 60 % extents go first: " + order);

        long drop = diskBefore - filesOnDisk(root.resolve("store-0"));
        assertTrue(drop >= deletedBytes && drop <= deletedBytes + 6 * 64 * 40,
                "the files shrink by the deleted bytes (plus index records): " + drop + " vs " + deletedBytes);
        // The holes already gave the deleted pages back: what GC frees on top is the index records' share.
        assertEquals(accountedBefore - v.stats().diskBytes(), metrics.counter("store.gc.reclaimed_bytes").getCount(),
                "reclaimed bytes metric");
        long live = (long) (blocks.size() - deleted.size()) * BLOCK;
        assertEquals(live, metrics.counter("store.gc.copied_bytes").getCount(), "every live block copied once");
        double amplification = (Double) ((Gauge<?>) metrics.getGauges().get("store.gc.write_amplification")).getValue();
        assertEquals((blocks.size() * (double) BLOCK + live) / (blocks.size() * (double) BLOCK), amplification, 1e-9);

        for (Map.Entry<Long, byte[]> e : blocks.entrySet()) {
            if (deleted.contains(e.getKey())) {
                long id = e.getKey();
                WfsException gone = org.junit.jupiter.api.Assertions.assertThrows(WfsException.class, () -> read(id));
                assertEquals(WfsErrorCode.ENOENT, gone.code());
            } else {
                assertArrayEquals(e.getValue(), read(e.getKey()), "live block " + e.getKey());
            }
        }
        // The index the restart rebuilds from the compacted extents is the same.
        nodes.stop(0);
        store = nodes.start(0, StoreTestNodes.config(root.resolve("store-0")));
        for (long id : blocks.keySet()) {
            if (!deleted.contains(id)) {
                assertArrayEquals(blocks.get(id), read(id), "after restart, block " + id);
            }
        }
    }

    @Test
    void onlyExtentsAboveTheThresholdAreCompacted() throws Exception {
        start(30);
        Random r = new Random(6);
        for (long id = 1; id <= 2 * PER_EXTENT; id++) {
            write(id, r, BLOCK);
        }
        VolumeReplica v = store.volumes().require(VOLUME);
        v.sealActive();
        // Extent 1: 5 % deleted (below 30 %), extent 2: 60 %.
        long[] ids = new long[3 + 38];
        for (int i = 0; i < 3; i++) {
            ids[i] = 1 + i;
        }
        for (int i = 0; i < 38; i++) {
            ids[3 + i] = PER_EXTENT + 1 + i;
        }
        call(new DeleteBlocksRequest(VOLUME, ids));
        List<GarbageCollector.Candidate> done = store.gc().runOnce();
        assertEquals(List.of(2), done.stream().map(c -> c.extent().number()).toList());
        assertEquals(List.of(), store.gc().runOnce(), "nothing left above the threshold");
    }

    @Test
    void gcRunningWhileWritesReadsAndDeletesGoOnLosesNothing() throws Exception {
        start(20);
        Random r = new Random(7);
        Map<Long, byte[]> live = new ConcurrentHashMap<>();
        for (long id = 1; id <= 4 * PER_EXTENT; id++) {
            live.put(id, write(id, r, BLOCK));
        }
        long[] half = live.keySet().stream().filter(id -> id % 2 == 0).mapToLong(Long::longValue).toArray();
        call(new DeleteBlocksRequest(VOLUME, half));
        for (long id : half) {
            live.remove(id);
        }
        AtomicLong nextId = new AtomicLong(10_000);
        AtomicLong reads = new AtomicLong();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            Random wr = new Random(8);
            try {
                while (!stop.get()) {
                    long id = nextId.getAndIncrement();
                    byte[] data = write(id, wr, 1 + wr.nextInt(BLOCK * 2));
                    live.put(id, data);
                    if (id % 3 == 0) {
                        // Deletes racing the compaction of the extent that holds the block.
                        call(new DeleteBlocksRequest(VOLUME, new long[] {id - 1}));
                        live.remove(id - 1);
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "gc-test-writer");
        Thread reader = new Thread(() -> {
            Random rr = new Random(9);
            try {
                while (!stop.get()) {
                    Long[] ids = live.keySet().toArray(new Long[0]);
                    long id = ids[rr.nextInt(ids.length)];
                    byte[] expected = live.get(id);
                    if (expected != null && id < 10_000) {
                        assertArrayEquals(expected, read(id), "block " + id + " read during GC");
                        reads.incrementAndGet();
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "gc-test-reader");
        writer.start();
        reader.start();
        int compacted = 0;
        try {
            for (int pass = 0; pass < 6; pass++) {
                compacted += store.gc().runOnce().size();
                // Foreground IO between two passes: some writes (with their deletes) and reads.
                long written = nextId.get();
                long read = reads.get();
                Await.until(Duration.ofSeconds(30), () -> failure.get() != null
                        || (nextId.get() >= written + 10 && reads.get() >= read + 10), "writes and reads between GC passes");
            }
        } finally {
            stop.set(true);
            writer.join(30_000);
            reader.join(30_000);
        }
        if (failure.get() != null) {
            throw new AssertionError("foreground IO failed during GC", failure.get());
        }
        assertTrue(compacted >= 4, "the four half-deleted extents were compacted: " + compacted);
        for (Map.Entry<Long, byte[]> e : live.entrySet()) {
            assertArrayEquals(e.getValue(), read(e.getKey()), "block " + e.getKey() + " after GC");
        }
    }
}
