package io.wfs.store.durability;

import com.codahale.metrics.Histogram;
import com.codahale.metrics.Timer;
import io.wfs.store.disk.Extent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Group commit: one thread fsyncs the extents of every block that arrived while the previous
 * fsync ran (and during an optional extra window) and then completes all their futures, so
 * concurrent writers share one fsync instead of queueing behind one each.
 */
final class GroupCommit implements Durability {
    private record Waiter(Extent extent, CompletableFuture<Void> done) {
    }

    private final long windowNanos;
    private final Timer fsyncs;
    private final Histogram groupSize;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private List<Waiter> pending = new ArrayList<>();
    private volatile boolean closed;
    private final Thread committer;

    GroupCommit(Duration window, Timer fsyncs, Histogram groupSize) {
        this.windowNanos = window.toNanos();
        this.fsyncs = fsyncs;
        this.groupSize = groupSize;
        this.committer = new Thread(this::run, "store-group-commit");
        committer.setDaemon(true);
        committer.start();
    }

    @Override
    public CompletableFuture<Void> sync(Extent extent) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        lock.lock();
        try {
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException("store is closing"));
            }
            pending.add(new Waiter(extent, done));
            arrived.signal();
        } finally {
            lock.unlock();
        }
        return done;
    }

    private void run() {
        while (!closed) {
            List<Waiter> batch;
            lock.lock();
            try {
                while (pending.isEmpty() && !closed) {
                    arrived.awaitUninterruptibly();
                }
                // Gather more writers for the same fsync; a lone writer pays at most the window.
                long left = windowNanos;
                while (left > 0 && !closed) {
                    left = arrived.awaitNanos(left);
                }
                batch = pending;
                pending = new ArrayList<>();
            } catch (InterruptedException e) {
                return;
            } finally {
                lock.unlock();
            }
            commit(batch);
        }
    }

    private void commit(List<Waiter> batch) {
        Map<Extent, IOException> outcome = new IdentityHashMap<>();
        try (Timer.Context t = fsyncs.time()) {
            for (Waiter w : batch) {
                if (!outcome.containsKey(w.extent())) {
                    try {
                        w.extent().force();
                        outcome.put(w.extent(), null);
                    } catch (IOException e) {
                        outcome.put(w.extent(), e);
                    }
                }
            }
        }
        groupSize.update(batch.size());
        for (Waiter w : batch) {
            IOException e = outcome.get(w.extent());
            if (e == null) {
                w.done().complete(null);
            } else {
                w.done().completeExceptionally(new UncheckedIOException(e));
            }
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            committer.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Waiter> left;
        lock.lock();
        try {
            left = pending;
            pending = new ArrayList<>();
        } finally {
            lock.unlock();
        }
        commit(left);
    }
}
