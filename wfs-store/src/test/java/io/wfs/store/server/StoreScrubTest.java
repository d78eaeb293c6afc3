package io.wfs.store.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.DeleteBlocksRequest;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.testing.Await;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.disk.BlockLocation;
import io.wfs.store.disk.CorruptBlockException;
import io.wfs.store.disk.VolumeReplica;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The background scrubber on three real stores with their extents on disk: a byte flipped in one
 * replica's extent file is found without any read and repaired from another replica; a block
 * damaged on every replica is reported unrepairable (and reads of it fail with EIO rather than
 * return bad bytes); deletes and GC moving blocks under the scrubber raise no false alarm.
 */
@Timeout(120)
class StoreScrubTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path root;

    private StoreTestNodes nodes;

    /** Three stores holding volume 1; those named in {@code scrubbing} scrub in the background, the others only when told. */
    private void start(int... scrubbing) throws Exception {
        nodes = new StoreTestNodes(root);
        for (int i = 0; i < 3; i++) {
            int node = i;
            boolean scrubs = Arrays.stream(scrubbing).anyMatch(n -> n == node);
            nodes.start(i, scrubs ? StoreTestNodes.scrubbing(nodes.dataDir(i)) : StoreTestNodes.config(nodes.dataDir(i)));
        }
        nodes.createVolume(1, 0, 1, 2);
    }

    @AfterEach
    void stop() {
        if (nodes != null) {
            nodes.close();
        }
    }

    private <R extends Response> R call(int node, Request<R> request) throws Exception {
        return nodes.call(node, request);
    }

    private Map<Long, byte[]> writeBlocks(int count, int seed) throws Exception {
        Random r = new Random(seed);
        Map<Long, byte[]> written = new LinkedHashMap<>();
        for (long id = 1; id <= count; id++) {
            byte[] data = new byte[1 + r.nextInt(200_000)];
            r.nextBytes(data);
            call(0, new WriteBlockRequest(1, id, data));
            written.put(id, data);
        }
        return written;
    }

    private long count(int node, String metric) {
        return nodes.registries.get(node).counter(metric).getCount();
    }

    @Test
    void theScrubberFindsAndRepairsAFlippedByteWithoutAnyRead() throws Exception {
        start(0, 1, 2);
        Map<Long, byte[]> written = writeBlocks(20, 1);
        VolumeReplica onNode1 = nodes.servers.get(1).volumes().require(1);
        long damagedAt = onNode1.location(7);
        nodes.flipByte(1, 1, 7, written.get(7L).length / 2);

        Await.until(WAIT, () -> count(1, "store.scrub.repaired") >= 1, "the scrubber of node 1 repaired block 7");
        assertEquals(1, count(1, "store.scrub.bad_blocks"));
        assertEquals(0, count(1, "store.scrub.unrepairable"));
        assertEquals(1, count(1, "store.repairs"));
        assertEquals(0, count(1, "store.read.crc_mismatches"), "no client read was involved");
        assertNotEquals(damagedAt, onNode1.location(7), "a fresh copy replaced the damaged one");
        // Read straight from the replica (fromPeer: a damaged copy would answer EIO, not repair itself).
        assertArrayEquals(written.get(7L), call(1, new ReadBlockRequest(1, 7, 0, 1 << 22, true)).data());
        assertArrayEquals(written.get(7L), onNode1.read(7));
        // Later passes find nothing more, having read every block of every replica again.
        long bytesAfterRepair = count(1, "store.scrub.bytes");
        long live = written.values().stream().mapToLong(b -> b.length).sum();
        Await.until(WAIT, () -> count(1, "store.scrub.bytes") >= bytesAfterRepair + 2 * live, "two more passes");
        for (int n = 0; n < 3; n++) {
            assertEquals(n == 1 ? 1 : 0, count(n, "store.scrub.bad_blocks"), "node " + n);
        }
    }

    @Test
    void aBlockDamagedOnEveryReplicaIsReportedUnrepairableAndNeverServed() throws Exception {
        start(); // scrubbed by hand below, once every copy is damaged
        Map<Long, byte[]> written = writeBlocks(5, 2);
        for (int n = 0; n < 3; n++) {
            nodes.flipByte(n, 1, 3, 10);
        }
        WfsException e = assertThrows(WfsException.class, () -> call(0, new ReadBlockRequest(1, 3, 0, 100, false)));
        assertEquals(WfsErrorCode.EIO, e.code());
        assertTrue(e.getMessage().contains("no other replica has a good copy"), e.getMessage());
        assertEquals(1, count(0, "store.repairs.failed"));
        for (int n = 0; n < 3; n++) {
            nodes.servers.get(n).scrubber().runOnce();
            assertEquals(1, count(n, "store.scrub.bad_blocks"), "node " + n);
            assertEquals(1, count(n, "store.scrub.unrepairable"), "node " + n);
            assertEquals(0, count(n, "store.scrub.repaired"), "node " + n);
            VolumeReplica v = nodes.servers.get(n).volumes().require(1);
            assertThrows(CorruptBlockException.class, () -> v.read(3), "still damaged on node " + n);
            for (long id : new long[] {1, 2, 4, 5}) {
                assertArrayEquals(written.get(id), v.read(id), "block " + id + " is intact on node " + n);
            }
        }
    }

    @Test
    void deletesAndCompactionUnderTheScrubberRaiseNoFalseAlarmAndADamagedBlockMovedByGcIsStillRepaired()
            throws Exception {
        start(0, 1); // node 2 is scrubbed by hand, after GC moved its damaged block
        // 4 MiB extents: 60 blocks of up to 200 KB fill a few; most are then deleted (their pages punched).
        Map<Long, byte[]> written = writeBlocks(60, 3);
        for (int n = 0; n < 3; n++) {
            nodes.servers.get(n).volumes().require(1).sealActive();
        }
        nodes.flipByte(2, 1, 2, 0);
        VolumeReplica onNode2 = nodes.servers.get(2).volumes().require(1);
        long damagedAt = onNode2.location(2);
        long[] doomed = written.keySet().stream().filter(id -> id % 4 != 2).mapToLong(Long::longValue).toArray();
        for (long id : doomed) {
            for (int n = 0; n < 3; n++) {
                call(n, new DeleteBlocksRequest(1, new long[] {id}));
            }
            written.remove(id);
        }
        assertTrue(nodes.servers.get(0).gc().runOnce().size() > 0, "GC compacted extents of node 0 under its scrubber");
        assertTrue(nodes.servers.get(2).gc().runOnce().size() > 0, "GC compacted extents of node 2");
        assertNotEquals(BlockLocation.extent(damagedAt), BlockLocation.extent(onNode2.location(2)),
                "GC moved the damaged copy (verbatim) to a new extent");
        assertThrows(CorruptBlockException.class, () -> onNode2.read(2));

        nodes.servers.get(2).scrubber().runOnce();
        assertEquals(1, count(2, "store.scrub.repaired"));
        assertArrayEquals(written.get(2L), onNode2.read(2));
        // Two more passes of the background scrubbers of nodes 0 and 1 after the deletes and GC.
        for (int n = 0; n < 2; n++) {
            int node = n;
            long passes = count(n, "store.scrub.passes");
            Await.until(WAIT, () -> count(node, "store.scrub.passes") >= passes + 2, "two more passes on node " + n);
        }
        for (int n = 0; n < 3; n++) {
            assertEquals(n == 2 ? 1 : 0, count(n, "store.scrub.bad_blocks"), "no false alarm on node " + n);
            assertEquals(n == 2 ? 1 : 0, count(n, "store.repairs"), "only the damaged copy was rewritten, node " + n);
            VolumeReplica v = nodes.servers.get(n).volumes().require(1);
            for (var e : written.entrySet()) {
                assertArrayEquals(e.getValue(), v.read(e.getKey()), "block " + e.getKey() + " on node " + n);
            }
            for (long id : doomed) {
                assertEquals(WfsErrorCode.ENOENT, assertThrows(WfsException.class, () -> v.read(id)).code(),
                        "a deleted block stays deleted on node " + n + " (id " + id + ")");
            }
        }
    }

    @Test
    void aPassKeepsToItsByteRate() throws Exception {
        nodes = new StoreTestNodes(root);
        nodes.start(0, StoreTestNodes.config(nodes.dataDir(0)).with(StoreConfigKeys.SCRUB_BYTES_PER_SECOND, 1L << 20));
        nodes.start(1);
        nodes.start(2);
        nodes.createVolume(1, 0, 1, 2);
        long live = writeBlocks(30, 4).values().stream().mapToLong(b -> b.length).sum();
        assertTrue(live > 2_500_000, "enough bytes to time: " + live);

        long start = System.nanoTime();
        nodes.servers.get(0).scrubber().runOnce();
        long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(live, count(0, "store.scrub.bytes"));
        // At 1 MiB/s, less the throttle's 100 ms of credit: a lower bound, whatever the machine's load.
        long floor = live * 1000 / (1 << 20) - 100 - 50;
        assertTrue(elapsedMillis >= floor, "scrubbed " + live + " bytes in " + elapsedMillis + " ms, under " + floor);
    }
}
