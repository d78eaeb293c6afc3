package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.control.EchoResponse;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.MessageCodec;
import io.wfs.common.testing.Await;
import io.wfs.common.testing.RawConnection;
import io.wfs.common.testing.TestRpc;
import io.wfs.common.testing.fuzz.FrameMutator;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server stops reading a connection while it has {@code rpc.max-requests-in-flight} requests
 * unanswered or while its replies go unread, and reads it again (including what it had already
 * buffered) once they are answered or drained: what one peer can make a server hold stays bounded.
 */
@Timeout(60)
class RpcBackpressureTest {
    /** An echo request carrying 1 MiB: its reply is as large. */
    private static final byte[] ECHO_BODY = MessageCodec.toBytes(new EchoRequest(new byte[1 << 20]));
    /** Far more than the socket buffers of both sides and netty's high water mark together. */
    private static final long WRITE_CAP = 128L << 20;

    @Test
    void aPeerThatDoesNotReadItsRepliesStopsBeingRead() throws Exception {
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), new HandlerRegistry(), new MetricRegistry());
             RawConnection deaf = new RawConnection(server.address())) {
            assertEquals(Frame.FLAG_RESPONSE, deaf.handshake(TestRpc.SECRET).flags());
            byte[] frame = new FrameMutator(new Random(1)).header(Frame.HEADER_BYTES + ECHO_BODY.length,
                    MessageType.ECHO.id(), 0, ECHO_BODY);
            AtomicLong written = new AtomicLong();
            Thread writer = new Thread(() -> {
                try {
                    while (written.get() < WRITE_CAP) {
                        deaf.sendBytes(frame); // blocks once the server stops reading and the socket buffers are full
                        written.addAndGet(frame.length);
                    }
                } catch (IOException closed) {
                    // the test closed the socket to end the writer
                }
            }, "deaf-writer");
            writer.start();
            long[] last = {-1};
            int[] unchangedPolls = {0};
            Await.until(Duration.ofSeconds(40), () -> {
                long now = written.get();
                unchangedPolls[0] = now == last[0] ? unchangedPolls[0] + 1 : 0;
                last[0] = now;
                return unchangedPolls[0] >= 20 || now >= WRITE_CAP;
            }, "the writer stalls or reaches the cap");
            long stalledAt = written.get();
            deaf.close();
            writer.join(10_000);
            assertTrue(stalledAt < WRITE_CAP, "the server read all " + stalledAt + " bytes of echo requests from a peer "
                    + "that read none of the replies: it queued them all in memory");
            try (RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
                byte[] payload = {3, 1};
                assertArrayEquals(payload, client.call(server.address(), new EchoRequest(payload)).get(10, TimeUnit.SECONDS)
                        .payload(), "the server serves others");
            }
        }
    }

    @Test
    void aConnectionWithTheMostRequestsInFlightIsReadAgainOnceTheyAreAnswered() throws Exception {
        WfsConfig config = TestRpc.fastConfig().with(CommonConfigKeys.MAX_REQUESTS_IN_FLIGHT, 4)
                .with(CommonConfigKeys.CONNECTIONS_PER_PEER, 1);
        Queue<CompletableFuture<EchoResponse>> held = new ConcurrentLinkedQueue<>();
        HandlerRegistry handlers = new HandlerRegistry().register(EchoRequest.class, (req, ctx) -> {
            CompletableFuture<EchoResponse> answer = new CompletableFuture<>();
            held.add(answer);
            return answer;
        });
        MetricRegistry clientMetrics = new MetricRegistry();
        try (RpcServer server = TestRpc.startServer(config, handlers, new MetricRegistry());
             RpcClient client = new RpcClient("busy-client", RpcOptions.from(config), TestRpc.SECRET, clientMetrics)) {
            List<CompletableFuture<EchoResponse>> calls = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                calls.add(client.call(server.address(), new EchoRequest(new byte[] {(byte) i}), Duration.ofSeconds(30)));
            }
            Await.until(Duration.ofSeconds(10), () -> held.size() == 4, () -> held.size() + " requests reached the handler");
            Await.until(Duration.ofSeconds(10), () -> clientMetrics.counter("rpc.client.echo.bytes_out").getCount() > 0
                    && calls.stream().noneMatch(CompletableFuture::isDone), "all ten sent, none answered");
            assertEquals(4, held.size(), "the server stopped reading at four requests in flight");
            // Answering them lets the server decode what it had buffered, and read again, four at a time.
            Await.until(Duration.ofSeconds(20), () -> {
                CompletableFuture<EchoResponse> next = held.poll();
                if (next != null) {
                    next.complete(new EchoResponse(new byte[0]));
                }
                return calls.stream().allMatch(CompletableFuture::isDone);
            }, "every call answered");
            for (CompletableFuture<EchoResponse> call : calls) {
                call.get(1, TimeUnit.SECONDS);
            }
        }
    }
}
