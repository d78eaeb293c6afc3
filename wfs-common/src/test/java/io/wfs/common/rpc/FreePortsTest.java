package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Ports picked below the ephemeral range, each once, and bindable right after. */
class FreePortsTest {
    @Test
    void portsAreDistinctBelowTheEphemeralRangeAndBindable() throws Exception {
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            int port = FreePorts.pick();
            assertTrue(port >= 20_000 && port < 32_000, "port " + port);
            assertTrue(seen.add(port), "port " + port + " handed out twice");
        }
        int port = FreePorts.pick();
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            assertEquals(port, s.getLocalPort());
        }
    }
}
