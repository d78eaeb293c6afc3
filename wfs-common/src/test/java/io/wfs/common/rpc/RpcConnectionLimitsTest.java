package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.rpc.wire.Frame;
import io.wfs.common.rpc.wire.ProtocolViolation;
import io.wfs.common.rpc.wire.ViolationLog;
import io.wfs.common.testing.Await;
import io.wfs.common.testing.LogCapture;
import io.wfs.common.testing.RawConnection;
import io.wfs.common.testing.TestRpc;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The limits that bound what one peer can hold on a server: connections per peer address, a
 * connection that has gone silent (half-open), and a frame that trickles in too slowly
 * (requests in flight and unread replies: {@link RpcBackpressureTest}). Each
 * closes only the offending connection, is counted, and leaves the server serving; a client
 * that is merely idle keeps its connection thanks to its pings.
 */
@Timeout(60)
class RpcConnectionLimitsTest {
    private final List<AutoCloseable> open = new ArrayList<>();
    private RpcServer server;

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private RpcServer start(WfsConfig config) throws Exception {
        server = TestRpc.startServer(config, new HandlerRegistry(), new MetricRegistry());
        return server;
    }

    private RawConnection authenticated() throws IOException {
        RawConnection raw = new RawConnection(server.address());
        open.add(raw);
        assertEquals(Frame.FLAG_RESPONSE, raw.handshake(TestRpc.SECRET).flags(), "handshake must succeed");
        return raw;
    }

    private void assertServes(RpcClient client) throws Exception {
        byte[] payload = {3, 1};
        assertArrayEquals(payload, client.call(server.address(), new EchoRequest(payload)).get(10, TimeUnit.SECONDS).payload());
    }

    @Test
    void connectionsBeyondTheLimitOfOnePeerAddressAreClosedAtOnce() throws Exception {
        WfsConfig config = TestRpc.fastConfig().with(CommonConfigKeys.MAX_CONNECTIONS_PER_PEER, 3);
        start(config);
        authenticated();
        RawConnection second = authenticated();
        authenticated();
        try (LogCapture log = new LogCapture(ViolationLog.class)) {
            RawConnection refused = new RawConnection(server.address());
            open.add(refused);
            assertTrue(refused.closedByPeerWithin(5000), "the fourth connection from 127.0.0.1 must be closed");
            assertEquals(1, server.metrics().violations(ProtocolViolation.TOO_MANY_CONNECTIONS));
            assertTrue(log.anyContains("TOO_MANY_CONNECTIONS (3 connections open from /127.0.0.1 on test-server, "
                    + "limit rpc.max-connections-per-peer=3)"), log.lines().toString());
        }

        second.close();
        Await.until(Duration.ofSeconds(10), () -> {
            try (RawConnection again = new RawConnection(server.address())) {
                return again.handshake(TestRpc.SECRET).flags() == Frame.FLAG_RESPONSE;
            }
        }, "a closed connection frees its place for a new one");
    }

    @Test
    void anAuthenticatedConnectionThatSendsNothingIsClosedAfterTheIdleTimeout() throws Exception {
        start(TestRpc.fastConfig().with(CommonConfigKeys.IDLE_TIMEOUT, Duration.ofMillis(500)));
        try (LogCapture log = new LogCapture(ViolationLog.class)) {
            RawConnection silent = authenticated();
            assertTrue(silent.closedByPeerWithin(10_000), "a silent peer must be closed");
            assertEquals(1, server.metrics().violations(ProtocolViolation.IDLE));
            assertTrue(log.anyContains("IDLE (nothing read for 500 ms, rpc.idle-timeout)"), log.lines().toString());
        }
    }

    @Test
    void anIdleClientKeepsItsConnectionByPinging() throws Exception {
        WfsConfig config = TestRpc.fastConfig().with(CommonConfigKeys.IDLE_TIMEOUT, Duration.ofMillis(600))
                .with(CommonConfigKeys.PING_INTERVAL, Duration.ofMillis(100))
                .with(CommonConfigKeys.CONNECTIONS_PER_PEER, 1);
        start(config);
        MetricRegistry clientMetrics = new MetricRegistry();
        RpcClient client = new RpcClient("idle-client", RpcOptions.from(config), TestRpc.SECRET, clientMetrics);
        open.add(client);
        assertServes(client);
        // Twenty pings span more than three idle timeouts in which the application sent nothing.
        Await.until(Duration.ofSeconds(20), () -> clientMetrics.timer("rpc.client.echo.latency").getCount() >= 21,
                "the idle client pinged twenty times");
        assertEquals(0, server.metrics().violations(ProtocolViolation.IDLE), "no live connection was closed as idle");
        assertEquals(0, clientMetrics.counter("rpc.client.echo.errors").getCount(), "every ping was answered");
        assertServes(client);
    }

    @Test
    void aFrameThatTricklesInPastTheFrameReadTimeoutIsClosed() throws Exception {
        start(TestRpc.fastConfig().with(CommonConfigKeys.FRAME_READ_TIMEOUT, Duration.ofSeconds(1)));
        RawConnection slow = authenticated();
        slow.sendHeader(Frame.HEADER_BYTES + 1000, 5, MessageType.ECHO.id(), 0);
        // One byte per poll (every 50 ms): steady progress, so never a stalled frame, but 1000 bytes need 50 s.
        Await.until(Duration.ofSeconds(20), () -> {
            try {
                slow.sendBytes(new byte[1]);
            } catch (IOException closed) {
                return true;
            }
            return server.metrics().violations(ProtocolViolation.SLOW_FRAME) > 0;
        }, "the slow frame was refused");
        assertTrue(slow.closedByPeerWithin(5000));
        assertEquals(1, server.metrics().violations(ProtocolViolation.SLOW_FRAME));
        assertEquals(0, server.metrics().violations(ProtocolViolation.TRUNCATED), "it never stalled");
        try (RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            assertServes(client);
        }
    }

    @Test
    void theDefaultsLetAnIdleClientPingWellWithinTheIdleTimeout() {
        RpcOptions.ConnectionLimits limits = RpcOptions.defaults().connectionLimits();
        assertTrue(limits.pingInterval().multipliedBy(3).compareTo(limits.idleTimeout()) <= 0,
                "three pings fit in one idle timeout, so a lost or late ping never closes a live client");
        assertFalse(limits.frameReadTimeout().isZero());
    }
}
