package io.wfs.store.gc;

/**
 * Limits GC copying to a byte rate so that foreground reads and writes keep the disk most of
 * the time. The caller sleeps when it runs ahead of the rate; no tokens accumulate while idle
 * beyond one second's worth, so a burst after a pause stays short.
 */
final class Throttle {
    private final long bytesPerSecond;
    private long windowStart = System.nanoTime();
    private long bytesInWindow;

    Throttle(long bytesPerSecond) {
        this.bytesPerSecond = bytesPerSecond;
    }

    void acquire(long bytes) throws InterruptedException {
        long now = System.nanoTime();
        if (now - windowStart > 1_000_000_000L) {
            windowStart = now - 1_000_000_000L;
            bytesInWindow = Math.max(0, bytesInWindow - bytesPerSecond);
        }
        bytesInWindow += bytes;
        long dueNanos = bytesInWindow * 1_000_000_000L / bytesPerSecond;
        long sleepNanos = dueNanos - (now - windowStart);
        if (sleepNanos > 0) {
            Thread.sleep(sleepNanos / 1_000_000, (int) (sleepNanos % 1_000_000));
        }
    }
}
