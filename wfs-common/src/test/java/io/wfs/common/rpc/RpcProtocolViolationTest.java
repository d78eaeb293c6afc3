package io.wfs.common.rpc;

import io.wfs.common.rpc.wire.WireFormat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.auth.ClientHello;
import io.wfs.common.msg.auth.ClientProof;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.control.EchoResponse;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.HandshakeProofs;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.MessageCodec;
import io.wfs.common.rpc.wire.ProtocolViolation;
import io.wfs.common.testing.Await;
import io.wfs.common.testing.RawConnection;
import io.wfs.common.testing.RawConnection.RawFrame;
import io.wfs.common.testing.TestRpc;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each kind of bad input closes only the offending connection, is counted, and leaves the
 * server serving everyone else.
 */
class RpcProtocolViolationTest {
    private static final long MAX_META = 64 * 1024;
    private static final long MAX_DATA = 256 * 1024;

    private RpcServer server;
    private RpcClient goodClient;

    @BeforeEach
    void start() throws Exception {
        WfsConfig config = TestRpc.fastConfig()
                .with(CommonConfigKeys.MAX_META_FRAME, MAX_META)
                .with(CommonConfigKeys.MAX_DATA_FRAME, MAX_DATA);
        HandlerRegistry handlers = new HandlerRegistry()
                .register(EchoRequest.class, (req, ctx) -> CompletableFuture.completedFuture(new EchoResponse(req.payload())));
        server = TestRpc.startServer(config, handlers, new MetricRegistry());
        goodClient = TestRpc.client(config, TestRpc.SECRET);
        assertServerServes();
    }

    @AfterEach
    void stop() {
        goodClient.close();
        server.close();
    }

    private void assertServerServes() throws Exception {
        byte[] payload = {4, 2};
        assertArrayEquals(payload, goodClient.call(server.address(), new EchoRequest(payload)).get(10, TimeUnit.SECONDS).payload());
    }

    private RawConnection authenticated() throws Exception {
        RawConnection raw = new RawConnection(server.address());
        RawFrame accepted = raw.handshake(TestRpc.SECRET);
        assertEquals(Frame.FLAG_RESPONSE, accepted.flags(), "handshake must succeed");
        return raw;
    }

    private void assertClosedAndCounted(RawConnection raw, ProtocolViolation v) throws Exception {
        assertTrue(raw.closedByPeerWithin(5000), "server must close the connection after " + v);
        Await.until(Duration.ofSeconds(10), () -> server.metrics().violations(v) > 0, v + " counted");
        assertEquals(1, server.metrics().violations(v), v + " counted");
        raw.close();
        assertServerServes();
    }

    @Test
    void aFrameAboveTheLimitIsRefusedWithoutBeingBuffered() throws Exception {
        RawConnection raw = authenticated();
        raw.sendHeader((int) MAX_DATA + Frame.HEADER_BYTES + 1, 5, MessageType.ECHO.id(), 0);
        assertClosedAndCounted(raw, ProtocolViolation.OVERSIZE);
    }

    @Test
    void theClientRefusesToSendAnOversizedRequestAndKeepsItsConnection() throws Exception {
        ExecutionException e = assertThrows(ExecutionException.class, () ->
                goodClient.call(server.address(), new EchoRequest(new byte[(int) MAX_DATA + 100])).get(10, TimeUnit.SECONDS));
        assertEquals(WfsErrorCode.BAD_REQUEST, WfsException.unwrap(e).code());
        assertServerServes();
        assertEquals(0, server.metrics().violations(ProtocolViolation.OVERSIZE));
    }

    @Test
    void randomGarbageClosesTheConnection() throws Exception {
        for (int seed = 1; seed <= 5; seed++) {
            RawConnection raw = authenticated();
            byte[] garbage = new byte[4096];
            new Random(seed).nextBytes(garbage);
            raw.sendBytes(garbage);
            assertTrue(raw.closedByPeerWithin(5000), "garbage with seed " + seed + " must close the connection");
            raw.close();
            assertServerServes();
        }
        long total = 0;
        for (ProtocolViolation v : ProtocolViolation.values()) {
            total += server.metrics().violations(v);
        }
        assertEquals(5, total, "each garbage connection counted once");
    }

    @Test
    void garbageBeforeTheHandshakeClosesTheConnection() throws Exception {
        RawConnection raw = new RawConnection(server.address());
        byte[] garbage = new byte[64];
        new Random(99).nextBytes(garbage);
        garbage[0] = 0x7f; // a huge but positive length, so the type check decides
        raw.sendBytes(garbage);
        assertTrue(raw.closedByPeerWithin(5000));
        raw.close();
        assertServerServes();
    }

    @Test
    void aMalformedBodyClosesTheConnection() throws Exception {
        RawConnection raw = authenticated();
        raw.sendFrame(7, MessageType.ECHO.id(), 0, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f, 1});
        assertClosedAndCounted(raw, ProtocolViolation.MALFORMED);
    }

    @Test
    void aNegativeLengthClosesTheConnection() throws Exception {
        RawConnection raw = authenticated();
        raw.sendHeader(-5, 7, MessageType.ECHO.id(), 0);
        assertClosedAndCounted(raw, ProtocolViolation.MALFORMED);
    }

    @Test
    void anUnknownMessageTypeClosesTheConnection() throws Exception {
        RawConnection raw = authenticated();
        raw.sendFrame(8, 9999, 0, new byte[0]);
        assertClosedAndCounted(raw, ProtocolViolation.UNKNOWN_TYPE);
    }

    @Test
    void aResponseSentToTheServerClosesTheConnection() throws Exception {
        RawConnection raw = authenticated();
        raw.sendFrame(8, MessageType.ECHO.id(), Frame.FLAG_RESPONSE, MessageCodec.toBytes(new EchoResponse(new byte[1])));
        assertClosedAndCounted(raw, ProtocolViolation.BAD_FLAGS);
    }

    @Test
    void aFrameCutByTheClosingPeerIsCounted() throws Exception {
        RawConnection raw = authenticated();
        raw.sendHeader(Frame.HEADER_BYTES + 100, 9, MessageType.ECHO.id(), 0);
        raw.sendBytes(new byte[10]);
        raw.shutdownOutput();
        assertClosedAndCounted(raw, ProtocolViolation.TRUNCATED);
    }

    @Test
    void aFrameThatStallsHalfwayIsClosedAfterThePartialFrameTimeout() throws Exception {
        RawConnection raw = authenticated();
        raw.sendHeader(Frame.HEADER_BYTES + 100, 9, MessageType.ECHO.id(), 0);
        raw.sendBytes(new byte[10]);
        assertClosedAndCounted(raw, ProtocolViolation.TRUNCATED);
    }

    @Test
    void aRequestBeforeAuthenticationClosesTheConnection() throws Exception {
        RawConnection raw = new RawConnection(server.address());
        raw.sendFrame(1, MessageType.ECHO.id(), 0, MessageCodec.toBytes(new EchoRequest(new byte[1])));
        assertClosedAndCounted(raw, ProtocolViolation.UNAUTHENTICATED);
    }

    @Test
    void aWrongProofIsRefusedWithAuthFailed() throws Exception {
        RawConnection raw = new RawConnection(server.address());
        RawFrame reply = raw.handshake(ClusterSecret.of("a-different-secret-zzzzzzz"));
        assertEquals(Frame.FLAG_RESPONSE | Frame.FLAG_ERROR, reply.flags());
        assertEquals(WfsErrorCode.AUTH_FAILED, RawConnection.decode(reply.body(), ErrorReply.class).toException().code());
        assertClosedAndCounted(raw, ProtocolViolation.AUTH_FAILED);
    }

    @Test
    void aClientWithTheWrongSecretRejectsTheServerAndFails() throws Exception {
        try (RpcClient impostor = TestRpc.client(TestRpc.fastConfig(), ClusterSecret.of("a-different-secret-zzzzzzz"))) {
            ExecutionException e = assertThrows(ExecutionException.class, () ->
                    impostor.call(server.address(), new EchoRequest(new byte[1])).get(10, TimeUnit.SECONDS));
            assertEquals(WfsErrorCode.AUTH_FAILED, WfsException.unwrap(e).code());
        }
        assertServerServes();
    }

    @Test
    void aClientThatNeverAuthenticatesIsClosedAfterTheHandshakeTimeout() throws Exception {
        RawConnection raw = new RawConnection(server.address());
        assertClosedAndCounted(raw, ProtocolViolation.HANDSHAKE_TIMEOUT);
    }

    @Test
    void anInvalidHelloIsRefused() throws Exception {
        RawConnection raw = new RawConnection(server.address());
        raw.sendFrame(1, MessageType.AUTH_HELLO.id(), 0, MessageCodec.toBytes(new ClientHello(WireFormat.VERSION, new byte[3], "x")));
        assertClosedAndCounted(raw, ProtocolViolation.MALFORMED);
    }

    /** A client of the previous wire format (issue 15 renumbered fields) is refused before any request, not misread. */
    @Test
    void aHelloOfAnotherWireFormatIsRefused() throws Exception {
        RawConnection raw = new RawConnection(server.address());
        byte[] hello = MessageCodec.toBytes(new ClientHello(WireFormat.VERSION - 1,
                HandshakeProofs.nonce(ClientHello.NONCE_BYTES), "old-build"));
        raw.sendFrame(1, MessageType.AUTH_HELLO.id(), 0, hello);
        assertClosedAndCounted(raw, ProtocolViolation.AUTH_FAILED);
        assertServerServes();
    }

    @Test
    void aProofBeforeTheHelloIsRefused() throws Exception {
        RawConnection raw = new RawConnection(server.address());
        raw.sendFrame(1, MessageType.AUTH_PROOF.id(), 0, MessageCodec.toBytes(new ClientProof(HandshakeProofs.nonce(32))));
        assertClosedAndCounted(raw, ProtocolViolation.UNAUTHENTICATED);
    }
}
