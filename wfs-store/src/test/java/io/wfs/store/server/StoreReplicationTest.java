package io.wfs.store.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.BlockWrittenReply;
import io.wfs.common.msg.store.CopyVolumeRequest;
import io.wfs.common.msg.store.CreateVolumeRequest;
import io.wfs.common.msg.store.DeleteBlocksRequest;
import io.wfs.common.msg.store.ReadBlockReply;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.StoreLimits;
import io.wfs.common.msg.store.VolumeInfoReply;
import io.wfs.common.msg.store.VolumeInfoRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.store.disk.BlockLocation;
import io.wfs.store.disk.Crc;
import io.wfs.store.disk.VolumeReplica;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreReplicationTest {
    @TempDir
    Path root;

    StoreTestNodes nodes;

    @BeforeEach
    void start() throws Exception {
        nodes = new StoreTestNodes(root).startAll(3);
    }

    @AfterEach
    void stop() {
        nodes.close();
    }

    private <R extends Response> R call(int node, Request<R> request) throws Exception {
        return nodes.call(node, request);
    }

    private <R extends Response> R call(InetSocketAddress a, Request<R> request) throws Exception {
        return nodes.call(a, request);
    }

    private WfsException failure(int node, Request<?> request) {
        return assertThrows(WfsException.class, () -> call(node, request));
    }

    private void createVolume(int id, int... replicaNodes) throws Exception {
        nodes.createVolume(id, replicaNodes);
    }

    @Test
    void blocksWrittenToThePrimaryReadBackExactlyFromEveryReplica() throws Exception {
        createVolume(1, 0, 1, 2);
        Random r = new Random(3);
        Map<Long, byte[]> written = new LinkedHashMap<>();
        int[] sizes = {1, 4096, 4097, 65536, 1 << 20, 4 << 20};
        long id = 1;
        for (int size : sizes) {
            byte[] data = new byte[size];
            r.nextBytes(data);
            BlockWrittenReply reply = call(0, new WriteBlockRequest(1, id, data));
            assertEquals(Crc.of(data), reply.crc());
            written.put(id++, data);
        }
        for (int n = 0; n < 3; n++) {
            VolumeReplica v = nodes.servers.get(n).volumes().require(1);
            for (var e : written.entrySet()) {
                ReadBlockReply reply = call(n, new ReadBlockRequest(1, e.getKey(), 0, StoreLimits.MAX_BLOCK_BYTES, false));
                assertArrayEquals(e.getValue(), reply.data(), "block " + e.getKey() + " on node " + n);
                assertEquals(0, BlockLocation.offset(v.location(e.getKey())) % 4096);
            }
        }
        // A byte range in the middle of the 1 MiB block.
        byte[] mib = written.get(5L);
        ReadBlockReply range = call(2, new ReadBlockRequest(1, 5, 1000, 5000, false));
        assertArrayEquals(java.util.Arrays.copyOfRange(mib, 1000, 6000), range.data());
        assertEquals(mib.length, range.blockLength());
    }

    @Test
    void aBackupDownFailsTheWriteTurnsTheVolumeReadOnlyAndTheNextVolumeTakesWrites() throws Exception {
        createVolume(1, 0, 1, 2);
        byte[] first = {1, 2, 3};
        call(0, new WriteBlockRequest(1, 1, first));
        nodes.stop(2);

        WfsException e = failure(0, new WriteBlockRequest(1, 2, new byte[] {4, 5, 6}));
        assertEquals(WfsErrorCode.EROFS, e.code());
        assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        VolumeInfoReply info = call(0, new VolumeInfoRequest(1));
        assertEquals("read-only", info.state());
        assertEquals(java.util.List.of("store-0: volume 1"), nodes.readOnlyReports);
        assertEquals(WfsErrorCode.EROFS, failure(0, new WriteBlockRequest(1, 3, new byte[] {7})).code(),
                "no write is accepted on the read-only volume");
        // The acknowledged block still reads from the surviving replicas.
        assertArrayEquals(first, call(1, new ReadBlockRequest(1, 1, 0, 10, false)).data());

        // The next volume, on the live nodes (the manager would hand it out), takes the write.
        createVolume(2, 0, 1);
        byte[] next = {8, 9};
        call(0, new WriteBlockRequest(2, 2, next));
        assertArrayEquals(next, call(1, new ReadBlockRequest(2, 2, 0, 2, false)).data());
        assertEquals(2, nodes.servers.get(0).volumes().activeVolume().getAsInt());
    }

    @Test
    void flippedBytesOnOneReplicaAreReadFromAnotherAndRepaired() throws Exception {
        createVolume(1, 0, 1, 2);
        byte[] data = new byte[100_000];
        new Random(4).nextBytes(data);
        call(0, new WriteBlockRequest(1, 42, data));
        VolumeReplica onNode1 = nodes.servers.get(1).volumes().require(1);
        long loc = onNode1.location(42);
        Path extentFile = root.resolve("store-1").resolve("volume-1")
                .resolve(String.format("extent-%08d.dat", BlockLocation.extent(loc)));
        try (RandomAccessFile f = new RandomAccessFile(extentFile.toFile(), "rw")) {
            long at = BlockLocation.offset(loc) + 5000;
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0xFF);
        }
        ReadBlockReply reply = call(1, new ReadBlockRequest(1, 42, 0, data.length, false));
        assertArrayEquals(data, reply.data(), "the read returns the good bytes");
        var registry = nodes.registries.get(1);
        assertEquals(1, registry.counter("store.read.crc_mismatches").getCount());
        assertEquals(1, registry.counter("store.repairs").getCount());
        assertTrue(onNode1.location(42) != loc, "a fresh copy replaced the damaged one");
        assertArrayEquals(data, onNode1.read(42), "the local copy is good again");
        assertArrayEquals(data, call(1, new ReadBlockRequest(1, 42, 0, data.length, true)).data(),
                "a peer's read (which never repairs) gets the good bytes from node 1's own copy");
        assertArrayEquals(data, call(1, new ReadBlockRequest(1, 42, 0, data.length, false)).data());
        assertEquals(1, registry.counter("store.read.crc_mismatches").getCount(), "no mismatch any more");
    }

    @Test
    void malformedAndOversizedRequestsGetClearErrorsAndTheConnectionStays() throws Exception {
        createVolume(1, 0, 1, 2);
        WfsException big = failure(0, new WriteBlockRequest(1, 1, new byte[StoreLimits.MAX_BLOCK_BYTES + 1]));
        assertEquals(WfsErrorCode.BAD_REQUEST, big.code());
        assertTrue(big.getMessage().contains("data"), big.getMessage());
        assertEquals(WfsErrorCode.BAD_REQUEST, failure(0, new WriteBlockRequest(1, 0, new byte[1])).code());
        assertEquals(WfsErrorCode.BAD_REQUEST, failure(0, new WriteBlockRequest(0, 1, new byte[1])).code());
        assertEquals(WfsErrorCode.BAD_REQUEST, failure(0, new WriteBlockRequest(1, 1, null)).code());
        assertEquals(WfsErrorCode.BAD_REQUEST, failure(0, new ReadBlockRequest(1, 1, -1, 10, false)).code());
        assertEquals(WfsErrorCode.BAD_REQUEST, failure(0, new DeleteBlocksRequest(1, new long[0])).code());
        assertEquals(WfsErrorCode.BAD_REQUEST, failure(0, new CreateVolumeRequest(5, new String[] {"nohost"}, true)).code());
        assertEquals(WfsErrorCode.ENOENT, failure(0, new WriteBlockRequest(9, 1, new byte[1])).code());
        assertEquals(WfsErrorCode.NOT_LEADER, failure(1, new WriteBlockRequest(1, 1, new byte[1])).code());
        assertEquals(WfsErrorCode.ENOENT, failure(0, new ReadBlockRequest(1, 12345, 0, 1, false)).code());
        // The same connection still serves a valid request after all the refusals.
        call(0, new WriteBlockRequest(1, 1, new byte[] {1}));
        assertEquals(0, nodes.registries.get(0).counter("rpc.server.closed.oversize").getCount());
        assertTrue(nodes.servers.get(0).volumes().require(1).isWritable(), "refusals do not retire the volume");
    }

    @Test
    void deletesAreIdempotentOnEveryReplica() throws Exception {
        createVolume(1, 0, 1, 2);
        for (long id = 1; id <= 5; id++) {
            call(0, new WriteBlockRequest(1, id, new byte[] {(byte) id}));
        }
        for (int n = 0; n < 3; n++) {
            assertEquals(2, call(n, new DeleteBlocksRequest(DeleteBlocksRequest.ANY_VOLUME, new long[] {2, 4})).deleted());
            assertEquals(0, call(n, new DeleteBlocksRequest(1, new long[] {2, 4, 99})).deleted());
            assertEquals(WfsErrorCode.ENOENT, failure(n, new ReadBlockRequest(1, 2, 0, 1, false)).code());
            assertEquals(3, call(n, new VolumeInfoRequest(1)).liveBlocks());
        }
    }

    @Test
    void reReplicationOntoANewNodeYieldsAReplicaWhoseBlocksAllReadBack() throws Exception {
        createVolume(1, 0, 1, 2);
        Random r = new Random(5);
        Map<Long, byte[]> written = new LinkedHashMap<>();
        for (long id = 1; id <= 30; id++) {
            byte[] data = new byte[1 + r.nextInt(300_000)];
            r.nextBytes(data);
            call(0, new WriteBlockRequest(1, id, data));
            written.put(id, data);
        }
        for (int n = 0; n < 3; n++) {
            call(n, new DeleteBlocksRequest(1, new long[] {3}));
        }
        written.remove(3L);
        nodes.start(3);
        String[] replicas = {nodes.address(0), nodes.address(1), nodes.address(3)};
        VolumeInfoReply info = call(3, new CopyVolumeRequest(1, nodes.address(1), replicas));
        assertEquals(written.size(), info.liveBlocks());
        for (var e : written.entrySet()) {
            assertArrayEquals(e.getValue(), call(3, new ReadBlockRequest(1, e.getKey(), 0, StoreLimits.MAX_BLOCK_BYTES, false)).data());
        }
    }
}
