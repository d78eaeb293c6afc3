package io.wfs.store.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.store.ReadBlockReply;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.disk.BlockLocation;
import io.wfs.store.disk.ChunkCrcs;
import io.wfs.store.disk.Crc;
import io.wfs.store.disk.OldFormatVolume;
import io.wfs.store.disk.VolumeDescriptor;
import io.wfs.store.disk.VolumeReplica;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Per-64 KiB chunk checksums on three real stores: a small read reads one chunk, a damaged chunk
 * on one replica is found by the read that covers it, served from another replica and repaired;
 * a data folder of the old format keeps serving and repairing after the upgrade.
 */
@Timeout(120)
class ChunkChecksumRepairTest {
    private static final int CHUNK = ChunkCrcs.CHUNK;

    @TempDir
    Path root;

    private StoreTestNodes nodes;

    @AfterEach
    void stop() {
        if (nodes != null) {
            nodes.close();
        }
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private long count(int node, String metric) {
        return nodes.registries.get(node).counter(metric).getCount();
    }

    private byte[] read(int node, long blockId, int offset, int length, boolean fromPeer) throws Exception {
        ReadBlockReply reply = nodes.call(node, new ReadBlockRequest(1, blockId, offset, length, fromPeer));
        return reply.data();
    }

    @Test
    void aCorrupted64KibChunkOnOneReplicaIsDetectedServedFromAnotherAndRepaired() throws Exception {
        nodes = new StoreTestNodes(root).startAll(3);
        nodes.createVolume(1, 0, 1, 2);
        byte[] block = random(4 << 20, 1);
        nodes.call(0, new WriteBlockRequest(1, 42, block));
        VolumeReplica onNode1 = nodes.servers.get(1).volumes().require(1);
        long damagedAt = onNode1.location(42);
        assertTrue(BlockLocation.isChunked(damagedAt));
        nodes.flipByte(1, 1, 42, 10 * CHUNK + 1234);

        long readBefore = count(1, "store.read.bytes");
        assertArrayEquals(Arrays.copyOfRange(block, 20 * CHUNK + 8192, 20 * CHUNK + 12_288),
                read(1, 42, 20 * CHUNK + 8192, 4096, false), "a read of another chunk of the damaged block");
        assertEquals(CHUNK + 4, count(1, "store.read.bytes") - readBefore,
                "that read took one chunk and its CRC, not the whole block");
        assertEquals(0, count(1, "store.read.crc_mismatches"));
        assertEquals(0, count(1, "store.repairs"));

        assertArrayEquals(Arrays.copyOfRange(block, 10 * CHUNK, 10 * CHUNK + 4096), read(1, 42, 10 * CHUNK, 4096, false),
                "a 4 KiB read inside the damaged chunk returns the good bytes");
        assertEquals(1, count(1, "store.read.crc_mismatches"));
        assertEquals(1, count(1, "store.repairs"));
        assertNotEquals(damagedAt, onNode1.location(42), "a fresh copy replaced the damaged one");
        assertTrue(BlockLocation.isChunked(onNode1.location(42)));
        assertArrayEquals(block, onNode1.read(42), "node 1's own copy is whole and good again");
        assertArrayEquals(Arrays.copyOfRange(block, 10 * CHUNK, 10 * CHUNK + 4096), read(1, 42, 10 * CHUNK, 4096, true),
                "a peer's read, which never repairs, is served by node 1's repaired copy");
        assertEquals(1, count(1, "store.read.crc_mismatches"), "no mismatch any more");
        for (int n : new int[] {0, 2}) {
            assertEquals(0, count(n, "store.read.crc_mismatches"), "node " + n + " holds a good copy");
        }
    }

    @Test
    void aVolumeOfTheOldFormatIsServedAndRepairedAfterTheUpgrade() throws Exception {
        nodes = new StoreTestNodes(root).startAll(3);
        List<String> addresses = List.of(nodes.address(0), nodes.address(1), nodes.address(2));
        for (int i = 0; i < 3; i++) {
            nodes.stop(i);
        }
        byte[] big = random(1 << 20, 2);
        byte[] small = random(3000, 3);
        for (int i = 0; i < 3; i++) {
            try (OldFormatVolume old = new OldFormatVolume(nodes.dataDir(i).resolve("volume-1"),
                    new VolumeDescriptor(1, addresses, true))) {
                old.append(1, big);
                old.append(2, small);
            }
        }
        for (int i = 0; i < 3; i++) {
            nodes.start(i, StoreTestNodes.config(nodes.dataDir(i)).with(StoreConfigKeys.RPC_ADDRESS, addresses.get(i)));
        }
        for (int n = 0; n < 3; n++) {
            assertArrayEquals(big, read(n, 1, 0, 1 << 20, false), "node " + n);
            assertArrayEquals(Arrays.copyOfRange(small, 100, 200), read(n, 2, 100, 100, false));
            assertEquals(Crc.of(big), nodes.call(n, new ReadBlockRequest(1, 1, 5, 5, false)).crc());
        }

        VolumeReplica onNode2 = nodes.servers.get(2).volumes().require(1);
        long damagedAt = onNode2.location(1);
        assertFalse(BlockLocation.isChunked(damagedAt));
        nodes.flipByte(2, 1, 1, 900_000);
        assertArrayEquals(Arrays.copyOfRange(big, 0, 4096), read(2, 1, 0, 4096, false),
                "an old block is checked whole: damage far from the range is found and the read served from a peer");
        assertEquals(1, count(2, "store.repairs"));
        assertTrue(BlockLocation.isChunked(onNode2.location(1)), "the repaired copy has chunk CRCs");
        assertArrayEquals(big, onNode2.read(1));

        byte[] fresh = random(200_000, 4);
        nodes.call(0, new WriteBlockRequest(1, 3, fresh));
        for (int n = 0; n < 3; n++) {
            VolumeReplica v = nodes.servers.get(n).volumes().require(1);
            assertEquals(1, BlockLocation.extent(v.location(3)), "node " + n + " appends to the old extent");
            assertTrue(BlockLocation.isChunked(v.location(3)));
            assertArrayEquals(fresh, read(n, 3, 0, fresh.length, false));
        }
    }
}
