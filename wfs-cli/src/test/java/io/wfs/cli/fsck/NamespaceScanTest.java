package io.wfs.cli.fsck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.ScanInodesReply;
import io.wfs.common.msg.meta.ScanInodesRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.testing.TestRpc;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scan reads the groups at the same time and judges their pages on one thread: every page of
 * every slot reaches the check; a group whose leader fails a page ends the whole scan with that
 * error (a partial scan would report the missing slots' inodes as dangling entries).
 */
@Timeout(60)
class NamespaceScanTest {
    private static final int SLOTS = 4096;

    @TempDir
    Path temp;

    /** Two pages per slot, one inode (a directory of its own slot) each; {@code failing}: every page fails. */
    private static HandlerRegistry leader(boolean failing) {
        return new HandlerRegistry().register(ScanInodesRequest.class, (req, ctx) -> {
            if (failing) {
                return CompletableFuture.<ScanInodesReply>failedFuture(new WfsException(WfsErrorCode.EIO, "disk gone"));
            }
            long ino = ((long) req.slot() << 52) | (1 + req.fromPosition());
            return CompletableFuture.completedFuture(new ScanInodesReply(new long[] {ino},
                    new int[] {Posix.S_IFREG | 0644}, new int[] {0}, new long[] {1}, new long[] {0}, new int[] {1},
                    new long[] {0}, new long[0], new long[0], new int[0], req.fromPosition() == 0 ? 1 : -1, 0, 1));
        });
    }

    private long scan(boolean secondFails) throws Exception {
        try (RpcServer a = TestRpc.startServer(TestRpc.fastConfig(), leader(false), new MetricRegistry());
             RpcServer b = TestRpc.startServer(TestRpc.fastConfig(), leader(secondFails), new MetricRegistry());
             RpcClient rpc = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            String first = "127.0.0.1:" + a.address().getPort();
            String second = "127.0.0.1:" + b.address().getPort();
            SlotMap map = new SlotMap(1, List.of(
                    new SlotMap.Group("g1", List.of(new SlotMap.Peer(first, first)), IntStream.range(0, SLOTS / 2).toArray()),
                    new SlotMap.Group("g2", List.of(new SlotMap.Peer(second, second)),
                            IntStream.range(SLOTS / 2, SLOTS).toArray())));
            try (MetaClient meta = new MetaClient(rpc, map, Duration.ofSeconds(5));
                 NamespaceCheck check = new NamespaceCheck(1, 1 << 20, temp)) {
                AtomicLong progressed = new AtomicLong();
                new NamespaceScan(meta, map, 1, 16).run(check, null, progressed::addAndGet);
                assertEquals(progressed.get(), check.finish().inodes());
                return progressed.get();
            }
        }
    }

    @Test
    void everyPageOfEveryGroupReachesTheCheck() throws Exception {
        assertEquals(2L * SLOTS, scan(false));
    }

    @Test
    void aGroupThatFailsAPageEndsTheScanWithItsError() {
        WfsException e = assertThrows(WfsException.class, () -> scan(true));
        assertEquals(WfsErrorCode.EIO, e.code());
        assertTrue(e.getMessage().contains("disk gone"), e.getMessage());
    }
}
