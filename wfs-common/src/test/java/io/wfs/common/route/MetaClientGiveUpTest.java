package io.wfs.common.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.testing.TestRpc;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A request answered with a retryable error until its deadline fails with that error, and the
 * message says how often and how long it was tried (a mkdir that timed out after hundreds of
 * resends once left only "EIO" behind).
 */
@Timeout(30)
class MetaClientGiveUpTest {
    @Test
    void aRequestRetriedUntilItsDeadlineSaysSo() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        HandlerRegistry handlers = new HandlerRegistry().register(GetAttrRequest.class, (req, ctx) -> {
            asked.incrementAndGet();
            return CompletableFuture.<AttrReply>failedFuture(new WfsException(WfsErrorCode.LOCKED, "inode is locked"));
        });
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
             RpcClient rpc = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            String address = "127.0.0.1:" + server.address().getPort();
            SlotMap map = SlotMap.singleGroup("g1", List.of(new SlotMap.Peer(address, address)));
            // The first call of a JVM (connect, handshake, class loading) can take longer than the
            // deadline on a slow CI machine, which would leave a single attempt to count.
            try (MetaClient warm = new MetaClient(rpc, map, Duration.ZERO)) {
                assertThrows(ExecutionException.class,
                        () -> warm.call(new GetAttrRequest(warm.query(0, 0), 1)).get(10, TimeUnit.SECONDS));
            }
            asked.set(0);
            try (MetaClient meta = new MetaClient(rpc, map, Duration.ofMillis(1000))) {
                ExecutionException e = assertThrows(ExecutionException.class,
                        () -> meta.call(new GetAttrRequest(meta.query(0, 0), 1)).get(10, TimeUnit.SECONDS));
                WfsException cause = WfsException.unwrap(e);
                assertEquals(WfsErrorCode.LOCKED, cause.code());
                assertTrue(asked.get() > 1, "retried: " + asked.get());
                assertTrue(cause.getMessage().contains("GetAttrRequest to group g1 gave up after " + asked.get()
                        + " attempts in 1000 ms"), cause.getMessage());
                assertTrue(cause.getMessage().contains("inode is locked"), cause.getMessage());
            }
        }
    }
}
