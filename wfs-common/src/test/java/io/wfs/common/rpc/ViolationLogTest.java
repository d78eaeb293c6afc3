package io.wfs.common.rpc;

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
            // The limit is per process and earlier tests may have used up this second's lines: wait for a line to pass.
            Await.until(Duration.ofSeconds(5), () -> {
                ViolationLog.closing(peer, ProtocolViolation.MALFORMED, "probe");
                return log.anyContains("MALFORMED (probe)");
            }, "a line gets through");
            assertTrue(log.lines().get(0).startsWith("closing connection from /192.0.2.7:4711: MALFORMED (probe)"),
                    log.lines().get(0));
            int before = log.lines().size();
            for (int i = 0; i < 1000; i++) {
                ViolationLog.closing(peer, ProtocolViolation.MALFORMED, "frame length -" + i);
            }
            int flood = log.lines().size() - before;
            assertTrue(flood <= 60, flood + " lines for 1000 violations in well under three seconds");
            Await.until(Duration.ofSeconds(5), () -> {
                ViolationLog.closing(peer, ProtocolViolation.IDLE, "after the flood");
                return log.anyContains("IDLE (after the flood)");
            }, "a line after the flood");
            String after = log.lines().stream().filter(l -> l.contains("after the flood")).findFirst().orElseThrow();
            assertTrue(after.matches(".*; \\d+ more such lines left out"), "it says how many lines were left out: " + after);
        }
    }
}
