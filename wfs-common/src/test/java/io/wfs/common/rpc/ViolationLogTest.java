package io.wfs.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.rpc.wire.ProtocolViolation;
import io.wfs.common.rpc.wire.ViolationLog;
import io.wfs.common.testing.Await;
import io.wfs.common.testing.LogCapture;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A flood of bad connections makes a bounded number of log lines, and the next line says how many were left out. */
class ViolationLogTest {

    @Test
    void aFloodIsLoggedAFewLinesASecondAndTheRestCounted() throws Exception {
        InetSocketAddress peer = new InetSocketAddress("192.0.2.7", 4711);
        try (LogCapture log = new LogCapture(ViolationLog.class)) {
            for (int i = 0; i < 1000; i++) {
                ViolationLog.closing(peer, ProtocolViolation.MALFORMED, "frame length -" + i);
            }
            int lines = log.lines().size();
            assertTrue(lines >= 1 && lines <= 60, lines + " lines for 1000 violations in well under three seconds");
            assertTrue(log.lines().get(0).startsWith("closing connection from /192.0.2.7:4711: MALFORMED (frame length -"),
                    log.lines().get(0));
            Await.until(Duration.ofSeconds(5), () -> {
                ViolationLog.closing(peer, ProtocolViolation.IDLE, "after the flood");
                return log.anyContains("IDLE (after the flood); ");
            }, "a line after the flood says how many lines were left out");
            String after = log.lines().stream().filter(l -> l.contains("after the flood")).findFirst().orElseThrow();
            assertTrue(after.matches(".*; \\d+ more such lines left out"), after);
            assertEquals(1, log.lines().stream().filter(l -> l.contains("after the flood")).count());
        }
    }
}
