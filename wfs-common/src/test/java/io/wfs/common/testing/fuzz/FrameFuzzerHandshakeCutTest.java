package io.wfs.common.testing.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.rpc.auth.ClusterSecret;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fuzzer's own error path: a server that cuts every valid handshake (accepts, then resets the
 * connection) is tolerated {@link FrameFuzzer#MAX_HANDSHAKES_CUT} times, and the next cut fails the
 * run with the count in its message, well before the budget ends.
 */
class FrameFuzzerHandshakeCutTest {
    @Test
    @Timeout(60)
    void aServerThatCutsEveryHandshakeFailsTheRunAfterAFewCuts() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread cutter = new Thread(() -> {
                while (!server.isClosed()) {
                    try (Socket s = server.accept()) {
                        s.setSoLinger(true, 0); // close with a reset, as an overloaded server's cut looks
                    } catch (IOException closed) {
                        return;
                    }
                }
            }, "handshake-cutter");
            cutter.setDaemon(true);
            cutter.start();
            FrameFuzzer fuzzer = new FrameFuzzer(new InetSocketAddress(server.getInetAddress(), server.getLocalPort()),
                    ClusterSecret.of("a-secret-of-the-test"), FrameFuzzer.SEED);
            AssertionError failed = assertThrows(AssertionError.class, () -> fuzzer.authenticated(Duration.ofSeconds(50)));
            assertTrue(failed.getMessage().contains("valid handshakes cut by the server"), failed.getMessage());
            assertEquals(FrameFuzzer.MAX_HANDSHAKES_CUT + 1, fuzzer.stats().handshakesCut());
            assertTrue(fuzzer.stats().toString().contains("valid handshakes cut"), fuzzer.stats().toString());
        }
    }
}
