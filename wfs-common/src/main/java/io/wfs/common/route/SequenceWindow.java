package io.wfs.common.route;

import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sequence numbers of one session's mutations. Every mutation takes the next number;
 * {@link #ackedBelow()} is the highest number below which nothing is in flight, which the
 * client sends so the group can forget those results.
 */
final class SequenceWindow {
    private final AtomicLong last = new AtomicLong();
    private final ConcurrentSkipListSet<Long> inFlight = new ConcurrentSkipListSet<>();

    /** Takes the next sequence number and returns it with the acknowledgement to send beside it. */
    synchronized long[] next() {
        long seq = last.incrementAndGet();
        inFlight.add(seq);
        return new long[] {seq, inFlight.first() - 1};
    }

    void done(long seq) {
        inFlight.remove(seq);
    }

    int inFlight() {
        return inFlight.size();
    }
}
