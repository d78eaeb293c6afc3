package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AllocateBlockIdsRequest;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.store.CreateVolumeRequest;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.orphan.OrphanScanner;
import io.wfs.store.server.StoreServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Orphans against a real meta group (issue 5): a block written but never committed is reclaimed
 * once it has been unreferenced for the grace period; a committed block never is, nor one whose
 * commit arrives within the grace; a meta group that does not answer makes the scan delete nothing.
 * The scanner's clock is the test's, so the grace passes without sleeping.
 */
class StoreOrphanIT {
    private static final int VOLUME = 3;
    private static final Duration GRACE = Duration.ofMinutes(5);

    @Test
    void neverCommittedBlocksAreReclaimedAfterTheGraceAndCommittedOnesNever() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(1).stores(1).storesReadSlotMap()
                .storeSetting(StoreConfigKeys.ORPHAN_SCAN_INTERVAL.name(), "1h")
                .storeSetting(StoreConfigKeys.GC_ENABLED.name(), "false").start()) {
            StoreServer store = cluster.storeServer(0);
            assertNotNull(store.orphans(), "a store with a slot map scans for orphans");
            RpcClient rpc = cluster.rpcClient();
            MetaClient meta = new MetaClient(rpc, cluster.slotMap(), Duration.ofSeconds(3));
            rpc.call(store.rpcAddress(), new CreateVolumeRequest(VOLUME, new String[] {store.selfAddress()}, true))
                    .get(10, TimeUnit.SECONDS);
            long file = meta.call(new MknodRequest(meta.mutation(0, 0), 1, "f".getBytes(StandardCharsets.UTF_8),
                    Posix.S_IFREG | 0644, 0)).get(30, TimeUnit.SECONDS).attr().ino();
            long committed = meta.call(new AllocateBlockIdsRequest(meta.mutation(0, 0), file, 4))
                    .get(30, TimeUnit.SECONDS).firstId();
            long orphan = committed + 1;
            long late = committed + 2;
            long unanswered = committed + 3;
            byte[] data = "block bytes".getBytes(StandardCharsets.UTF_8);
            for (long id : new long[] {committed, orphan, late}) {
                rpc.call(store.rpcAddress(), new WriteBlockRequest(VOLUME, id, data)).get(10, TimeUnit.SECONDS);
            }
            commit(meta, file, 0, committed, data.length);

            MetricRegistry registry = new MetricRegistry();
            AtomicLong clock = new AtomicLong();
            OrphanScanner scanner = new OrphanScanner(store.volumes(), meta, GRACE, clock::get, registry);
            assertEquals(0, scanner.scanOnce(), "first sighting: nothing is old enough");
            assertEquals(2, suspects(registry), "the orphan and the not yet committed block");
            clock.addAndGet(GRACE.toMillis() - 60_000);
            // A slow client commits within the grace: its block must survive.
            commit(meta, file, 4096, late, data.length);
            assertEquals(0, scanner.scanOnce());
            assertEquals(1, suspects(registry), "the late commit took its block off the suspects");
            clock.addAndGet(120_000);
            assertEquals(1, scanner.scanOnce(), "the never-committed block is reclaimed");
            assertEquals(1, registry.counter("store.orphans.reclaimed_blocks").getCount());
            assertGone(rpc, store, orphan);
            clock.addAndGet(Duration.ofDays(1).toMillis());
            assertEquals(0, scanner.scanOnce(), "committed blocks are never reclaimed");
            assertArrayEquals(data, read(rpc, store, committed));
            assertArrayEquals(data, read(rpc, store, late));

            rpc.call(store.rpcAddress(), new WriteBlockRequest(VOLUME, unanswered, data)).get(10, TimeUnit.SECONDS);
            assertEquals(0, scanner.scanOnce());
            cluster.meta(0).kill();
            clock.addAndGet(Duration.ofDays(1).toMillis());
            assertEquals(0, scanner.scanOnce(), "no answer from the meta group: nothing is deleted");
            assertTrue(registry.counter("store.orphans.check_failures").getCount() > 0);
            assertArrayEquals(data, read(rpc, store, unanswered));
            meta.close();
        }
    }

    /**
     * Two groups, blocks of a file in each: every block is asked of the group owning its slot,
     * including slots 2048 and up, whose block ids are negative longs.
     */
    @Test
    void eachBlockIsCheckedWithTheGroupOwningItsSlot() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(1).groups(2).stores(1).start()) {
            StoreServer store = cluster.storeServer(0);
            RpcClient rpc = cluster.rpcClient();
            MetaClient meta = new MetaClient(rpc, cluster.slotMap(), Duration.ofSeconds(10));
            rpc.call(store.rpcAddress(), new CreateVolumeRequest(VOLUME, new String[] {store.selfAddress()}, true))
                    .get(10, TimeUnit.SECONDS);
            long low = file(meta, 1, "low");
            long highDir = 0;
            for (int i = 0; highDir >>> 52 < 2048; i++) {
                highDir = meta.call(new io.wfs.common.msg.meta.MkdirRequest(meta.mutation(0, 0), 1,
                        ("d" + i).getBytes(StandardCharsets.UTF_8), 0755)).get(30, TimeUnit.SECONDS).attr().ino();
            }
            long high = file(meta, highDir, "high");
            assertTrue(high < 0, "a file of slot " + (high >>> 52) + " has a negative ino: " + high);
            byte[] data = "x".getBytes(StandardCharsets.UTF_8);
            long[] committed = new long[2];
            long[] orphans = new long[2];
            long[] files = {low, high};
            for (int f = 0; f < 2; f++) {
                long first = meta.call(new AllocateBlockIdsRequest(meta.mutation(0, 0), files[f], 2))
                        .get(30, TimeUnit.SECONDS).firstId();
                committed[f] = first;
                orphans[f] = first + 1;
                for (long id : new long[] {first, first + 1}) {
                    rpc.call(store.rpcAddress(), new WriteBlockRequest(VOLUME, id, data)).get(10, TimeUnit.SECONDS);
                }
                commit(meta, files[f], 0, first, data.length);
            }
            AtomicLong clock = new AtomicLong();
            OrphanScanner scanner = new OrphanScanner(store.volumes(), meta, GRACE, clock::get, new MetricRegistry());
            assertEquals(0, scanner.scanOnce());
            clock.addAndGet(GRACE.toMillis());
            assertEquals(2, scanner.scanOnce(), "one orphan in each group's slot");
            for (int f = 0; f < 2; f++) {
                assertGone(rpc, store, orphans[f]);
                assertArrayEquals(data, read(rpc, store, committed[f]));
            }
            meta.close();
        }
    }

    private static long file(MetaClient meta, long dir, String name) throws Exception {
        return meta.call(new MknodRequest(meta.mutation(0, 0), dir, name.getBytes(StandardCharsets.UTF_8), Posix.S_IFREG | 0644, 0))
                .get(30, TimeUnit.SECONDS).attr().ino();
    }

    private static int suspects(MetricRegistry registry) {
        return (Integer) registry.getGauges().get("store.orphans.suspects").getValue();
    }

    private static void commit(MetaClient meta, long file, long offset, long blockId, int length) throws Exception {
        meta.call(new CommitSlicesRequest(meta.mutation(0, 0), file, List.of(new SliceInfo(offset, length, VOLUME, blockId, 0)),
                offset + length)).get(30, TimeUnit.SECONDS);
    }

    private static byte[] read(RpcClient rpc, StoreServer store, long id) throws Exception {
        return rpc.call(store.rpcAddress(), new ReadBlockRequest(VOLUME, id, 0, 1 << 20, false)).get(10, TimeUnit.SECONDS).data();
    }

    private static void assertGone(RpcClient rpc, StoreServer store, long id) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> read(rpc, store, id));
        assertEquals(WfsErrorCode.ENOENT, WfsException.unwrap(e).code());
    }
}
