package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.control.EchoResponse;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.Dispatch;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.testing.Await;
import io.wfs.common.testing.MessageSamples;
import io.wfs.common.testing.TestRpc;
import io.wfs.common.testing.ValidRequests;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RpcRoundTripTest {

    private static WfsException failure(CompletableFuture<?> f) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(20, TimeUnit.SECONDS));
        return WfsException.unwrap(e);
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void everyRequestTypeMakesANetworkRoundTrip() throws Exception {
        Random random = new Random(7);
        Map<MessageType, Object> responses = new EnumMap<>(MessageType.class);
        Map<MessageType, Object> received = new ConcurrentHashMap<>();
        HandlerRegistry handlers = new HandlerRegistry();
        List<MessageType> served = new ArrayList<>();
        for (MessageType type : MessageType.values()) {
            if (type.category() == MessageCategory.HANDSHAKE) {
                continue;
            }
            served.add(type);
            responses.put(type, MessageSamples.populate(type.responseClass(), random));
            handlers.register((Class) type.requestClass(), (req, ctx) -> {
                received.put(type, req);
                return CompletableFuture.completedFuture((Response) responses.get(type));
            });
        }
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
             RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            for (MessageType type : served) {
                Request request = ValidRequests.of(type, random);
                request.validate();
                Object response = client.call(server.address(), request).get(10, TimeUnit.SECONDS);
                assertNull(MessageSamples.difference(request, received.get(type)), "request of " + type);
                assertNull(MessageSamples.difference(responses.get(type), response), "response of " + type);
            }
            assertTrue(!served.isEmpty());
        }
    }

    @Test
    void thousandConcurrentRequestsOnOneConnectionAreCorrelated() throws Exception {
        HandlerRegistry handlers = new HandlerRegistry()
                .register(EchoRequest.class, (req, ctx) -> CompletableFuture.completedFuture(new EchoResponse(req.payload())));
        MetricRegistry serverRegistry = new MetricRegistry();
        WfsConfig oneConnection = TestRpc.fastConfig().with(CommonConfigKeys.CONNECTIONS_PER_PEER, 1);
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, serverRegistry);
             RpcClient client = TestRpc.client(oneConnection, TestRpc.SECRET)) {
            List<CompletableFuture<EchoResponse>> calls = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                calls.add(client.call(server.address(), new EchoRequest(("request-" + i).getBytes())));
            }
            for (int i = 0; i < 1000; i++) {
                assertEquals("request-" + i, new String(calls.get(i).get(20, TimeUnit.SECONDS).payload()));
            }
            assertEquals(1, serverRegistry.getGauges().get("rpc.server.connections.open").getValue());
            // The server counts a call once its reply is written, which may be just after the client has it.
            Await.until(Duration.ofSeconds(10), () -> serverRegistry.timer("rpc.server.echo.latency").getCount() >= 1000,
                    () -> "the server counted 1000 calls, not " + serverRegistry.timer("rpc.server.echo.latency").getCount());
            assertEquals(1000, serverRegistry.timer("rpc.server.echo.latency").getCount());
            assertTrue(serverRegistry.counter("rpc.server.echo.bytes_in").getCount() > 1000 * 20);
        }
    }

    @Test
    void aServerThatNeverAnswersGivesATimeoutNotAHang() throws Exception {
        HandlerRegistry handlers = new HandlerRegistry()
                .register(EchoRequest.class, (req, ctx) -> new CompletableFuture<>());
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
             RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            long start = System.nanoTime();
            WfsException e = failure(client.call(server.address(), new EchoRequest(new byte[1]), Duration.ofMillis(300)));
            assertEquals(WfsErrorCode.TIMEOUT, e.code());
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(300));
        }
    }

    @Test
    void handlerErrorsReachTheCallerWithTheirCodeAndHints() throws Exception {
        HandlerRegistry handlers = new HandlerRegistry().register(EchoRequest.class, (req, ctx) -> {
            String what = new String(req.payload());
            return switch (what) {
                case "enoent" -> CompletableFuture.failedFuture(new WfsException(WfsErrorCode.ENOENT, "no such file"));
                case "leader" -> CompletableFuture.failedFuture(
                        new WfsException(WfsErrorCode.NOT_LEADER, "ask the leader", "127.0.0.1:9", 0, null));
                case "route" -> CompletableFuture.failedFuture(
                        new WfsException(WfsErrorCode.STALE_ROUTE, "route moved", null, 77, null));
                case "throw" -> throw new IllegalStateException("handler bug");
                default -> CompletableFuture.completedFuture(new EchoResponse(req.payload()));
            };
        });
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
             RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            InetSocketAddress at = server.address();
            assertEquals(WfsErrorCode.ENOENT, failure(client.call(at, new EchoRequest("enoent".getBytes()))).code());
            WfsException leader = failure(client.call(at, new EchoRequest("leader".getBytes())));
            assertEquals(WfsErrorCode.NOT_LEADER, leader.code());
            assertEquals("127.0.0.1:9", leader.leaderHint());
            assertEquals(77, failure(client.call(at, new EchoRequest("route".getBytes()))).routeVersion());
            WfsException bug = failure(client.call(at, new EchoRequest("throw".getBytes())));
            assertEquals(WfsErrorCode.INTERNAL, bug.code());
            assertTrue(bug.detail().contains("handler bug"));
            // An invalid request is refused by validation; the connection stays usable.
            assertEquals(WfsErrorCode.BAD_REQUEST, failure(client.call(at, new EchoRequest(null))).code());
            assertArrayEquals("ok".getBytes(), client.call(at, new EchoRequest("ok".getBytes())).get().payload());
            assertEquals(0, server.metrics().violations(io.wfs.common.rpc.wire.ProtocolViolation.MALFORMED));
        }
    }

    @Test
    void aTypeTheServerDoesNotServeIsAnsweredNotDropped() throws Exception {
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), new HandlerRegistry(), new MetricRegistry());
             RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            WfsException e = failure(client.call(server.address(), ValidRequests.of(MessageType.GET_ATTR, new Random(3))));
            assertEquals(WfsErrorCode.BAD_REQUEST, e.code());
            assertTrue(e.detail().contains("does not serve GET_ATTR"));
        }
    }

    @Test
    void anUnreachableServerGivesUnavailable() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try (RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            WfsException e = failure(client.call(new InetSocketAddress("127.0.0.1", port), new EchoRequest(new byte[1])));
            assertEquals(WfsErrorCode.UNAVAILABLE, e.code());
        }
    }

    @Test
    void theClientReconnectsAfterTheServerRestarts() throws Exception {
        HandlerRegistry handlers = new HandlerRegistry().register(EchoRequest.class,
                (req, ctx) -> CompletableFuture.completedFuture(new EchoResponse(req.payload())), Dispatch.EVENT_LOOP);
        RpcServer first = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
        InetSocketAddress at = first.address();
        try (RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            assertNotNull(client.call(at, new EchoRequest(new byte[] {1})).get(10, TimeUnit.SECONDS));
            first.close();
            assertEquals(WfsErrorCode.UNAVAILABLE, failure(client.call(at, new EchoRequest(new byte[] {2}))).code());
            try (RpcServer second = new RpcServer("again", RpcOptions.from(TestRpc.fastConfig()), TestRpc.SECRET, handlers,
                    new MetricRegistry()).start(at)) {
                assertArrayEquals(new byte[] {3},
                        client.call(second.address(), new EchoRequest(new byte[] {3})).get(10, TimeUnit.SECONDS).payload());
            }
        }
    }

    /**
     * EVENT_LOOP_UNLESS_BUSY: a handler that can answer at once does so on the event loop; one that
     * answers busy there runs again on a worker, told so by its context, and its answer arrives.
     */
    @Test
    void aHandlerBusyOnTheEventLoopRunsAgainOnAWorker() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean lockFree = new java.util.concurrent.atomic.AtomicBoolean(true);
        List<String> runs = java.util.Collections.synchronizedList(new ArrayList<>());
        HandlerRegistry handlers = new HandlerRegistry().register(EchoRequest.class, (req, ctx) -> {
            String thread = Thread.currentThread().getName();
            runs.add((ctx.onEventLoop() ? "loop:" : "worker:") + thread);
            if (ctx.onEventLoop() && !lockFree.get()) {
                return io.wfs.common.rpc.server.RequestHandler.busy();
            }
            return CompletableFuture.completedFuture(new EchoResponse(req.payload()));
        }, Dispatch.EVENT_LOOP_UNLESS_BUSY);
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
             RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            assertArrayEquals(new byte[] {1}, client.call(server.address(), new EchoRequest(new byte[] {1}))
                    .get(20, TimeUnit.SECONDS).payload());
            assertEquals(1, runs.size(), "answered on the event loop at once: " + runs);
            assertTrue(runs.get(0).startsWith("loop:"));
            lockFree.set(false);
            assertArrayEquals(new byte[] {2}, client.call(server.address(), new EchoRequest(new byte[] {2}))
                    .get(20, TimeUnit.SECONDS).payload());
            assertEquals(3, runs.size(), "busy on the loop, then run on a worker: " + runs);
            assertTrue(runs.get(1).startsWith("loop:") && runs.get(2).startsWith("worker:"), runs.toString());
            assertFalse(runs.get(2).endsWith(runs.get(1).substring(5)), "a different thread ran it: " + runs);
        }
    }

    /** A handler that answers busy even on the worker pool is a bug: the caller gets INTERNAL, not a hang. */
    @Test
    void aHandlerBusyOnTheWorkerPoolTooIsAnsweredInternal() throws Exception {
        HandlerRegistry handlers = new HandlerRegistry().register(EchoRequest.class,
                (req, ctx) -> io.wfs.common.rpc.server.RequestHandler.busy(), Dispatch.EVENT_LOOP_UNLESS_BUSY);
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
             RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            assertEquals(WfsErrorCode.INTERNAL, failure(client.call(server.address(), new EchoRequest(new byte[] {1}))).code());
        }
    }
}
