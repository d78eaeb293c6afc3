package io.wfs.store.node;

import io.netty.util.concurrent.DefaultThreadFactory;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;

/**
 * A background pass (GC, deletion drain, orphan scan) repeated at a fixed delay on its own
 * daemon thread. A pass that fails is logged and the next one runs as planned: one bad pass
 * must not stop the work for the life of the process.
 */
public final class Periodic implements AutoCloseable {
    /** One pass; interrupted when the store closes. */
    public interface Pass {
        void run() throws InterruptedException;
    }

    private final ScheduledExecutorService scheduler;

    private Periodic(ScheduledExecutorService scheduler) {
        this.scheduler = scheduler;
    }

    public static Periodic start(String threadName, Duration interval, Logger log, Pass pass) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
                new DefaultThreadFactory(threadName, true));
        scheduler.scheduleWithFixedDelay(() -> {
            try {
                pass.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                log.error("{} pass failed (the next one runs as planned)", threadName, e);
            }
        }, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        return new Periodic(scheduler);
    }

    /** Interrupts a running pass and waits up to 5 s for it to end. */
    @Override
    public void close() {
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
