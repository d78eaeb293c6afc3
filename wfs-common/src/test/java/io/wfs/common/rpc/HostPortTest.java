package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class HostPortTest {
    @Test
    void parsesHostAndPortAndRefusesEverythingElse() {
        assertEquals(7000, HostPort.parse("127.0.0.1:7000").getPort());
        assertEquals(7000, HostPort.parse("::1:7000").getPort());
        org.junit.jupiter.api.Assertions.assertTrue(HostPort.parse("::1:7000").getAddress().isLoopbackAddress());
        for (String bad : new String[] {"no-port", ":7000", "host:", "host:x", "host:70000", null}) {
            assertThrows(IllegalArgumentException.class, () -> HostPort.parse(bad), String.valueOf(bad));
        }
    }
}
