package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Ports picked below the ephemeral range (or in the range this JVM was given), each once, and bindable right after. */
class FreePortsTest {
    @Test
    void portsAreDistinctInTheirRangeAndBindable() throws Exception {
        int[] range = FreePorts.range(System.getProperty("wfs.free-ports", System.getenv(FreePorts.RANGE_VARIABLE)));
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            int port = FreePorts.pick();
            assertTrue(port >= range[0] && port < range[1] && range[1] <= FreePorts.HIGH, "port " + port);
            assertTrue(seen.add(port), "port " + port + " handed out twice");
        }
        int port = FreePorts.pick();
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            assertEquals(port, s.getLocalPort());
        }
    }

    @Test
    void aRangeIsReadOrRefusedClearly() {
        assertArrayEquals(new int[] {FreePorts.LOW, FreePorts.HIGH}, FreePorts.range(null));
        assertArrayEquals(new int[] {FreePorts.LOW, FreePorts.HIGH}, FreePorts.range(" "));
        assertArrayEquals(new int[] {20_000, 26_000}, FreePorts.range("20000-26000"));
        for (String bad : new String[] {"20000", "x-y", "30000-20000", "20000-20050", "80-2000", "20000-70000", "1-2-3"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FreePorts.range(bad), bad);
            assertTrue(e.getMessage().startsWith("WFS_FREE_PORTS=" + bad + ": expected LOW-HIGH"), e.getMessage());
        }
    }
}
