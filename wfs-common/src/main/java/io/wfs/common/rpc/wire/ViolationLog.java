package io.wfs.common.rpc.wire;

import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one WARN line of a connection closed for a protocol violation or a limit:
 * {@code closing connection from PEER: REASON (detail)}. At most {@link #LINES_PER_SECOND} lines a
 * second per process; the next line that gets through says how many were left out, so a flood
 * of bad connections cannot fill the disk with the log (the counters
 * {@code rpc.<side>.closed.<reason>} still count every one).
 */
public final class ViolationLog {
    static final int LINES_PER_SECOND = 20;
    private static final Logger LOG = LoggerFactory.getLogger(ViolationLog.class);
    private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final Object LOCK = new Object();
    private static long windowStart = System.nanoTime() - WINDOW_NANOS;
    private static int linesInWindow;
    private static long suppressed;

    private ViolationLog() {
    }

    public static void closing(Object peer, ProtocolViolation reason, String detail) {
        long left;
        synchronized (LOCK) {
            long now = System.nanoTime();
            if (now - windowStart >= WINDOW_NANOS) {
                windowStart = now;
                linesInWindow = 0;
            }
            if (linesInWindow >= LINES_PER_SECOND) {
                suppressed++;
                return;
            }
            linesInWindow++;
            left = suppressed;
            suppressed = 0;
        }
        if (left == 0) {
            LOG.warn("closing connection from {}: {} ({})", peer, reason, detail);
        } else {
            LOG.warn("closing connection from {}: {} ({}); {} more such lines left out", peer, reason, detail, left);
        }
    }
}
