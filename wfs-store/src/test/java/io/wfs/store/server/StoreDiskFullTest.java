package io.wfs.store.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.ReplicateBlockRequest;
import io.wfs.common.msg.store.VolumeInfoRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.store.disk.Crc;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store below its free-space reserve ({@code store.min-free-space}) refuses new blocks with
 * ENOSPC, as primary and as backup, and retires the volumes it cannot extend; it still serves and
 * repairs the blocks it has, and volumes on other stores go on taking writes. (The reserve is
 * raised at run time here; {@code DiskFullIT} fills a real small file system.)
 */
@Timeout(60)
class StoreDiskFullTest {
    @TempDir
    Path root;

    private StoreTestNodes nodes;

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

    private void createVolume(int id, int... replicaNodes) throws Exception {
        nodes.createVolume(id, replicaNodes);
    }

    @Test
    void aFullStoreRefusesNewBlocksWithEnospcButKeepsServingAndRepairingItsBlocks() throws Exception {
        createVolume(1, 0, 1, 2);
        createVolume(2, 1, 0, 2);
        createVolume(3, 2, 1);
        byte[] before = new byte[30_000];
        new java.util.Random(1).nextBytes(before);
        call(0, new WriteBlockRequest(1, 10, before));
        call(1, new WriteBlockRequest(2, 20, before));

        nodes.servers.get(0).volumes().setMinFreeBytes(1L << 50); // more than any disk here has free

        // As primary: ENOSPC, and the volume is retired (reported) so writers move on.
        WfsException asPrimary = assertThrows(WfsException.class, () -> call(0, new WriteBlockRequest(1, 11, new byte[100])));
        assertEquals(WfsErrorCode.ENOSPC, asPrimary.code());
        assertTrue(asPrimary.getMessage().contains("is full") && asPrimary.getMessage().contains("store.min-free-space"),
                asPrimary.getMessage());
        assertEquals("read-only", call(0, new VolumeInfoRequest(1)).state());
        assertTrue(nodes.readOnlyReports.contains("store-0: volume 1"), nodes.readOnlyReports.toString());
        // As backup: the backup answers ENOSPC; the primary fails the write and retires the volume.
        WfsException asBackup = assertThrows(WfsException.class,
                () -> call(0, new ReplicateBlockRequest(2, 21, new byte[100], Crc.of(new byte[100]), false)));
        assertEquals(WfsErrorCode.ENOSPC, asBackup.code());
        WfsException throughPrimary = assertThrows(WfsException.class, () -> call(1, new WriteBlockRequest(2, 22, new byte[100])));
        assertEquals(WfsErrorCode.EROFS, throughPrimary.code());
        assertTrue(throughPrimary.getMessage().contains("is full"), throughPrimary.getMessage());
        assertTrue(nodes.readOnlyReports.contains("store-1: volume 2"), nodes.readOnlyReports.toString());

        // The full store's blocks still read, on every replica, and the other stores' volume takes writes.
        for (int n = 0; n < 3; n++) {
            assertArrayEquals(before, call(n, new ReadBlockRequest(1, 10, 0, before.length, false)).data(), "node " + n);
        }
        call(2, new WriteBlockRequest(3, 30, before));
        assertArrayEquals(before, call(1, new ReadBlockRequest(3, 30, 0, before.length, false)).data());

        // A repair may use the reserve: it rewrites data already acknowledged.
        nodes.flipByte(0, 1, 10, 5);
        assertArrayEquals(before, call(0, new ReadBlockRequest(1, 10, 0, before.length, false)).data());
        assertEquals(1, nodes.registries.get(0).counter("store.repairs").getCount());
        assertArrayEquals(before, nodes.servers.get(0).volumes().require(1).read(10));
        assertEquals("read-only", call(1, new VolumeInfoRequest(2)).state(), "the primary retired the volume with a full backup");
        assertEquals(3, nodes.registries.get(0).counter("store.write.no_space").getCount(), "one as primary, two as backup");
    }

    @Test
    void theDisksOwnEnospcReachesTheWriterAsEnospcNotEio() {
        // What FileChannel.write throws when the file system is full (the JDK keeps only strerror's text).
        IOException full = new IOException("No space left on device");
        WfsException e = StoreNode.asWfs("local append", new java.util.concurrent.CompletionException(full));
        assertEquals(WfsErrorCode.ENOSPC, e.code());
        assertTrue(e.getMessage().contains("the disk is full"), e.getMessage());
        assertEquals(WfsErrorCode.EIO, StoreNode.asWfs("local append", new IOException("Input/output error")).code());
    }
}
