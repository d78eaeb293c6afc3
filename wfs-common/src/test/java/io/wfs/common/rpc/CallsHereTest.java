package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.auth.AuthAccepted;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.msg.auth.ServerChallenge;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.control.EchoResponse;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.rpc.wire.MessageCodec;
import io.wfs.common.rpc.wire.ProtocolViolation;
import io.wfs.common.testing.Await;
import io.wfs.common.testing.TestRpc;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Calls sent and answered on the calling thread (RpcClient.callHere, DirectConnection). */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class CallsHereTest {
    private static final HandlerRegistry ECHO = new HandlerRegistry().register(EchoRequest.class, (req, ctx) -> {
        String what = new String(req.payload());
        if (what.equals("enoent")) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.ENOENT, "no such file"));
        }
        return CompletableFuture.completedFuture(new EchoResponse(req.payload()));
    });

    private static WfsException failure(CompletableFuture<?> f) {
        return WfsException.unwrap(assertThrows(ExecutionException.class, () -> f.get(20, TimeUnit.SECONDS)));
    }

    private static int openConnections(MetricRegistry serverRegistry) {
        return (Integer) serverRegistry.getGauges().get("rpc.server.connections.open").getValue();
    }

    @Test
    void answersAndErrorAnswersComeBackBeforeTheCallReturnsOverOneConnection() throws Exception {
        MetricRegistry serverRegistry = new MetricRegistry();
        MetricRegistry clientRegistry = new MetricRegistry();
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), ECHO, serverRegistry);
             RpcClient client = new RpcClient("test-client", RpcOptions.from(TestRpc.fastConfig()), TestRpc.SECRET,
                     clientRegistry)) {
            client.enableCallsHere(4);
            for (int i = 0; i < 20; i++) {
                CompletableFuture<EchoResponse> f = client.callHere(server.address(), new EchoRequest(("n" + i).getBytes()));
                assertTrue(f.isDone(), "answered on the calling thread");
                assertArrayEquals(("n" + i).getBytes(), f.get().payload());
            }
            CompletableFuture<EchoResponse> refused = client.callHere(server.address(), new EchoRequest("enoent".getBytes()));
            assertTrue(refused.isDone());
            assertEquals(WfsErrorCode.ENOENT, failure(refused).code());
            assertArrayEquals("after".getBytes(), client.callHere(server.address(), new EchoRequest("after".getBytes())).get().payload());
            assertEquals(1, openConnections(serverRegistry), "one connection served them all, the error answer too");
            assertEquals(22, clientRegistry.timer("rpc.client.echo.latency").getCount());
            assertEquals(1, clientRegistry.counter("rpc.client.echo.errors").getCount());
        }
    }

    @Test
    void aServerThatNeverAnswersGivesATimeoutAndTheNextCallANewConnection() throws Exception {
        int[] calls = {0};
        HandlerRegistry firstHangs = new HandlerRegistry().register(EchoRequest.class, (req, ctx) ->
                calls[0]++ == 0 ? new CompletableFuture<>() : CompletableFuture.completedFuture(new EchoResponse(req.payload())));
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), firstHangs, new MetricRegistry());
             RpcClient client = TestRpc.client(TestRpc.fastConfig().with(CommonConfigKeys.CALL_TIMEOUT, Duration.ofMillis(300)),
                     TestRpc.SECRET)) {
            client.enableCallsHere(1);
            assertEquals(WfsErrorCode.TIMEOUT, failure(client.callHere(server.address(), new EchoRequest(new byte[1]))).code());
            assertArrayEquals(new byte[2], client.callHere(server.address(), new EchoRequest(new byte[2])).get().payload());
        }
    }

    @Test
    void aStoppedServerIsUnavailableAndAWrongSecretIsRefused() throws Exception {
        RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), ECHO, new MetricRegistry());
        InetSocketAddress at = server.address();
        boolean stopped = false;
        try (RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET);
             RpcClient impostor = TestRpc.client(TestRpc.fastConfig(), ClusterSecret.of("another-cluster-secret-0123"))) {
            client.enableCallsHere(2);
            impostor.enableCallsHere(2);
            assertEquals(WfsErrorCode.AUTH_FAILED, failure(impostor.callHere(at, new EchoRequest(new byte[1]))).code());
            client.callHere(at, new EchoRequest(new byte[1])).get();
            server.close();
            stopped = true;
            assertEquals(WfsErrorCode.UNAVAILABLE, failure(client.callHere(at, new EchoRequest(new byte[1]))).code());
            assertEquals(WfsErrorCode.UNAVAILABLE, failure(client.callHere(at, new EchoRequest(new byte[1]))).code());
        } finally {
            if (!stopped) {
                server.close();
            }
        }
    }

    /** A connection unused for rpc.ping-interval is closed by the client, before any server could reap it as a dead peer's. */
    @Test
    void anIdleConnectionIsClosedByTheClientNotReapedByTheServer() throws Exception {
        MetricRegistry serverRegistry = new MetricRegistry();
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), ECHO, serverRegistry);
             RpcClient client = TestRpc.client(TestRpc.fastConfig().with(CommonConfigKeys.PING_INTERVAL, Duration.ofMillis(200)),
                     TestRpc.SECRET)) {
            client.enableCallsHere(2);
            client.callHere(server.address(), new EchoRequest(new byte[1])).get();
            assertEquals(1, openConnections(serverRegistry));
            Await.until(Duration.ofSeconds(20), () -> openConnections(serverRegistry) == 0, "the idle connection closed");
            assertEquals(0, server.metrics().violations(ProtocolViolation.IDLE));
            assertArrayEquals(new byte[3], client.callHere(server.address(), new EchoRequest(new byte[3])).get().payload());
        }
    }

    /** The bound holds: with its one connection busy, a second caller goes through the event loop. */
    @Test
    void moreCallersThanConnectionsGoThroughTheEventLoop() throws Exception {
        CompletableFuture<EchoResponse> held = new CompletableFuture<>();
        HandlerRegistry holds = new HandlerRegistry().register(EchoRequest.class, (req, ctx) ->
                new String(req.payload()).equals("hold") ? held : CompletableFuture.completedFuture(new EchoResponse(req.payload())));
        MetricRegistry serverRegistry = new MetricRegistry();
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), holds, serverRegistry);
             RpcClient client = TestRpc.client(TestRpc.fastConfig().with(CommonConfigKeys.CONNECTIONS_PER_PEER, 1), TestRpc.SECRET)) {
            client.enableCallsHere(1);
            CompletableFuture<EchoResponse> first = CompletableFuture.supplyAsync(() ->
                    client.callHere(server.address(), new EchoRequest("hold".getBytes())).join());
            Await.until(Duration.ofSeconds(20), () -> openConnections(serverRegistry) == 1, "the first caller connected");
            CompletableFuture<EchoResponse> second = client.callHere(server.address(), new EchoRequest("quick".getBytes()));
            assertArrayEquals("quick".getBytes(), second.get(20, TimeUnit.SECONDS).payload());
            assertEquals(2, openConnections(serverRegistry), "the caller's own and the event loop's");
            assertFalse(first.isDone());
            held.complete(new EchoResponse("held".getBytes()));
            assertArrayEquals("held".getBytes(), first.get(20, TimeUnit.SECONDS).payload());
        }
    }

    /** A server that answers with a broken frame: that connection ends, the client and the next call do not. */
    @Test
    void aMalformedAnswerEndsItsConnectionOnly() throws Exception {
        HandshakeProofs proofs = new HandshakeProofs(TestRpc.SECRET);
        try (ServerSocket listener = new ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress());
             RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            client.enableCallsHere(1);
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                for (int connection = 0; connection < 2; connection++) {
                    try (Socket s = listener.accept()) {
                        DataInputStream in = new DataInputStream(s.getInputStream());
                        DataOutputStream out = new DataOutputStream(s.getOutputStream());
                        ClientHello hello = (ClientHello) readRequest(in, ClientHello.class)[1];
                        byte[] serverNonce = HandshakeProofs.nonce(32);
                        answer(out, 1, MessageType.AUTH_HELLO, new ServerChallenge(serverNonce,
                                proofs.serverProof(hello.clientNonce(), serverNonce)));
                        readRequest(in, io.wfs.common.msg.auth.ClientProof.class);
                        answer(out, 2, MessageType.AUTH_PROOF, new AuthAccepted("fake"));
                        readRequest(in, EchoRequest.class);
                        if (connection == 0) {
                            out.writeInt(3); // shorter than a frame's header
                            out.writeInt(0);
                        } else {
                            answer(out, 3, MessageType.ECHO, new EchoResponse("fine".getBytes()));
                        }
                        out.flush();
                        in.read(); // until the client closes
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            });
            InetSocketAddress at = (InetSocketAddress) listener.getLocalSocketAddress();
            assertEquals(WfsErrorCode.UNAVAILABLE, failure(client.callHere(at, new EchoRequest(new byte[1]))).code());
            assertEquals(1, client.metrics().violations(ProtocolViolation.MALFORMED));
            assertArrayEquals("fine".getBytes(), client.callHere(at, new EchoRequest(new byte[1])).get().payload());
            client.close();
            served.get(20, TimeUnit.SECONDS);
        }
    }

    private static Object[] readRequest(DataInputStream in, Class<?> bodyClass) throws java.io.IOException {
        int length = in.readInt();
        long id = in.readLong();
        in.readShort();
        in.readByte();
        byte[] body = new byte[length - 11];
        in.readFully(body);
        return new Object[] {id, MessageCodec.decode(Unpooled.wrappedBuffer(body), bodyClass)};
    }

    private static void answer(DataOutputStream out, long id, MessageType type, Object body) throws java.io.IOException {
        byte[] bytes = MessageCodec.toBytes(body);
        out.writeInt(11 + bytes.length);
        out.writeLong(id);
        out.writeShort(type.id());
        out.writeByte(1);
        out.write(bytes);
        out.flush();
    }
}
