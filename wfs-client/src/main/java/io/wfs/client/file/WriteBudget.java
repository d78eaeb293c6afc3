package io.wfs.client.file;

/**
 * The client-wide cap on buffered bytes: a writer waits while the buffers of all files are
 * full, until a flush frees space (back-pressure instead of unbounded memory).
 */
public final class WriteBudget {
    private final long capacity;
    private long used;

    public WriteBudget(long capacity) {
        this.capacity = capacity;
    }

    public synchronized void acquire(long bytes) throws InterruptedException {
        // One write larger than the whole budget would wait forever: it may go alone.
        while (used > 0 && used + bytes > capacity) {
            wait();
        }
        used += bytes;
    }

    public synchronized void release(long bytes) {
        used -= bytes;
        notifyAll();
    }

    public synchronized long used() {
        return used;
    }
}
