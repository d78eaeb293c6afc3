package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.rpc.wire.ProtocolViolation;
import io.wfs.common.testing.MessageSamples;
import io.wfs.common.testing.TestRpc;
import io.wfs.common.testing.fuzz.FrameFuzzer;
import io.wfs.common.testing.fuzz.FuzzStats;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The RPC layer itself under the frame fuzzer: a server with a handler for every request type
 * (answering a sample reply; ECHO is the server's own), so every frame that decodes runs its type's {@code validate()}.
 * No peer that never authenticated reaches a handler, no bad request is answered INTERNAL (an
 * exception escaping validation), and the server serves a good client afterwards. The servers
 * of the cluster get the same treatment in wfs-it's FrameFuzzIT.
 */
class FrameFuzzTest {

    @Test
    @Timeout(300)
    @SuppressWarnings({"unchecked", "rawtypes"})
    void badFramesOfEveryTypeNeitherStopTheServerNorReachAHandlerUnauthenticated() throws Exception {
        AtomicLong handled = new AtomicLong();
        HandlerRegistry handlers = new HandlerRegistry();
        Random samples = new Random(1);
        for (MessageType type : MessageType.values()) {
            if (type.category() != MessageCategory.HANDSHAKE && type != MessageType.ECHO) {
                Object reply = MessageSamples.populate(type.responseClass(), samples);
                handlers.register((Class) type.requestClass(), (req, ctx) -> {
                    handled.incrementAndGet();
                    return CompletableFuture.completedFuture((Response) reply);
                });
            }
        }
        MetricRegistry metrics = new MetricRegistry();
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, metrics);
             RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            FrameFuzzer fuzzer = new FrameFuzzer(server.address(), TestRpc.SECRET, FrameFuzzer.SEED);
            Duration budget = FrameFuzzer.budget(Duration.ofSeconds(10));

            FuzzStats before = fuzzer.unauthenticated(budget.dividedBy(3));
            assertEquals(0, handled.get(), "a handler ran for a peer that never authenticated; " + fuzzer.replay());
            assertEquals(0, before.unauthenticatedServed(), fuzzer.replay());
            assertTrue(server.metrics().violations(ProtocolViolation.UNAUTHENTICATED) > 0, fuzzer.replay());

            FuzzStats stats = fuzzer.authenticated(budget.minus(budget.dividedBy(3)));
            System.out.println("FrameFuzzTest: " + fuzzer.replay());
            assertTrue(stats.answered() > 0 && stats.closedByServer() > 0, "the fuzzer reached the handlers and the "
                    + "framing checks; " + fuzzer.replay());
            assertTrue(stats.internalErrors().isEmpty(), "bad requests must be refused with a clear error, not "
                    + "INTERNAL; " + fuzzer.replay());
            byte[] payload = {1, 9};
            assertArrayEquals(payload, client.call(server.address(), new EchoRequest(payload)).get(10, TimeUnit.SECONDS)
                    .payload(), "the server still serves; " + fuzzer.replay());
        }
    }
}
