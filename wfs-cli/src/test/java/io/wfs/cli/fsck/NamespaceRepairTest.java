package io.wfs.cli.fsck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.RepairInodeReply;
import io.wfs.common.msg.meta.RepairInodeRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.testing.TestRpc;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * fsck's repair calls over real loopback RPC against a server that repairs one inode, refuses
 * another and keeps a third locked: every outcome, the failures too, is in the report with its
 * reason, and a call that never succeeds ends at the client's deadline instead of hanging fsck.
 */
@Timeout(60)
class NamespaceRepairTest {
    private static final long REPAIRED = 11;
    private static final long REFUSED = 12;
    private static final long LOCKED = 13;

    @Test
    void everyOutcomeAndEveryFailureIsReportedWithItsReason() throws Exception {
        HandlerRegistry handlers = new HandlerRegistry().register(RepairInodeRequest.class, (req, ctx) -> {
            if (req.ino() == REPAIRED) {
                return CompletableFuture.completedFuture(new RepairInodeReply(RepairInodeReply.LOCK_CLEARED, "lock flag cleared"));
            }
            WfsException refusal = req.ino() == REFUSED
                    ? new WfsException(WfsErrorCode.EPERM, "only root repairs")
                    : new WfsException(WfsErrorCode.LOCKED, "inode is locked");
            return CompletableFuture.<RepairInodeReply>failedFuture(refusal);
        });
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
             RpcClient rpc = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            String address = "127.0.0.1:" + server.address().getPort();
            SlotMap map = SlotMap.singleGroup("g1", List.of(new SlotMap.Peer(address, address)));
            try (MetaClient meta = new MetaClient(rpc, map, Duration.ofMillis(500))) {
                FsckReport report = new FsckReport();
                new NamespaceRepair(meta).run(LongArrayList.of(REPAIRED, REFUSED, LOCKED), report);
                assertEquals(1, report.repairedCount());
                assertEquals(2, report.repairFailedCount());
                List<String> lines = report.repairs();
                assertTrue(lines.stream().anyMatch(l -> l.startsWith("REPAIRED: ") && l.contains("lock flag cleared")), lines.toString());
                assertTrue(lines.stream().anyMatch(l -> l.startsWith("REPAIR FAILED: ") && l.contains("only root repairs")),
                        lines.toString());
                assertTrue(lines.stream().anyMatch(l -> l.startsWith("REPAIR FAILED: ") && l.contains("gave up after")
                        && l.contains("inode is locked")), lines.toString());
            }
        }
    }
}
