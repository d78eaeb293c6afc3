package io.wfs.store.node;

import java.util.function.LongSupplier;

/**
 * Limits background disk work (GC copying, scrubbing) to a byte rate so that foreground reads
 * and writes keep the disk most of the time. Each acquire books its bytes at the rate after the previous booking; the caller
 * sleeps until its booking is due. Idle time earns at most {@link #BURST_NANOS} of credit, so a
 * pass that starts after a pause does not copy a large burst at full speed.
 */
public final class Throttle {
    static final long BURST_NANOS = 100_000_000L;

    /** How the throttle waits; tests replace it to follow the bookings without sleeping. */
    public interface Sleeper {
        void sleepNanos(long nanos) throws InterruptedException;
    }

    private final long bytesPerSecond;
    private final LongSupplier clock;
    private final Sleeper sleeper;
    private long nextFree;

    public Throttle(long bytesPerSecond) {
        this(bytesPerSecond, System::nanoTime, nanos -> Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000)));
    }

    public Throttle(long bytesPerSecond, LongSupplier clock, Sleeper sleeper) {
        this.bytesPerSecond = bytesPerSecond;
        this.clock = clock;
        this.sleeper = sleeper;
        this.nextFree = clock.getAsLong();
    }

    public void acquire(long bytes) throws InterruptedException {
        long now = clock.getAsLong();
        nextFree = Math.max(nextFree, now - BURST_NANOS) + bytes * 1_000_000_000L / bytesPerSecond;
        long wait = nextFree - now;
        if (wait > 0) {
            sleeper.sleepNanos(wait);
        }
    }
}
