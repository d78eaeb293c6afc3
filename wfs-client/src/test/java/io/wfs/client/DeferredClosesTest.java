package io.wfs.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.CloseBatchRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.testing.Await;
import io.wfs.common.testing.TestRpc;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Closes gathered for client.close-delay and sent in batches, against a real RPC server. */
@Timeout(60)
class DeferredClosesTest {
    private final List<CloseBatchRequest> received = new CopyOnWriteArrayList<>();
    private final AtomicBoolean refuse = new AtomicBoolean();
    private final HandlerRegistry handlers = new HandlerRegistry().register(CloseBatchRequest.class, (req, ctx) -> {
        received.add(req);
        return refuse.get() ? CompletableFuture.<OkReply>failedFuture(new WfsException(WfsErrorCode.EINVAL, "refused"))
                : CompletableFuture.completedFuture(OkReply.INSTANCE);
    });

    private interface Body {
        void run(DeferredCloses closes) throws Exception;
    }

    private void withCloses(Duration delay, Body body) throws Exception {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
             RpcClient rpc = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            String address = "127.0.0.1:" + server.address().getPort();
            SlotMap map = SlotMap.singleGroup("g1", List.of(new SlotMap.Peer(address, address)));
            try (MetaClient meta = new MetaClient(rpc, map, Duration.ofSeconds(10))) {
                body.run(new DeferredCloses(meta, timer, delay));
            }
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void closesOfOneDelayGoInOneRequestWithTheirEpochs() throws Exception {
        withCloses(Duration.ofMillis(200), closes -> {
            for (int i = 1; i <= 30; i++) {
                closes.close(i, i % 3);
            }
            Await.until(Duration.ofSeconds(20), () -> !received.isEmpty(), "the gathered closes sent");
            assertEquals(1, received.size(), "one request for the 30 closes of one delay");
            assertEquals(30, received.get(0).inos().length);
            assertEquals(7, received.get(0).inos()[6]);
            assertEquals(1, received.get(0).openEpochs()[6]);
        });
    }

    @Test
    void aFullBatchGoesAtOnceAndAnUnmountSendsTheRest() throws Exception {
        withCloses(Duration.ofHours(1), closes -> {
            for (int i = 1; i <= DeferredCloses.SEND_AT + 5; i++) {
                closes.close(i, 0);
            }
            Await.until(Duration.ofSeconds(20), () -> received.size() == 1, "the full batch sent without waiting");
            assertEquals(DeferredCloses.SEND_AT, received.get(0).inos().length);
            closes.close();
            assertEquals(2, received.size(), "the unmount sent the last five");
            assertArrayEquals(new long[] {1025, 1026, 1027, 1028, 1029}, received.get(1).inos());
        });
    }

    /** A refused batch is logged and dropped (the session's expiry releases those opens); later ones still go. */
    @Test
    void aRefusedBatchNeitherThrowsNorStopsTheNext() throws Exception {
        withCloses(Duration.ofHours(1), closes -> {
            refuse.set(true);
            closes.close(5, 0);
            closes.send().get(20, TimeUnit.SECONDS);
            refuse.set(false);
            closes.close(6, 0);
            closes.send().get(20, TimeUnit.SECONDS);
            assertEquals(2, received.size());
            assertArrayEquals(new long[] {6}, received.get(1).inos());
            assertTrue(closes.send().isDone(), "nothing gathered: nothing sent");
        });
    }
}
