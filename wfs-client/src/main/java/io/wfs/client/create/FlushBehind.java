package io.wfs.client.create;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.client.Caller;
import io.wfs.client.file.FileIo;
import io.wfs.client.file.FileState;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The close of a file this client created and has not sent yet returns before its data is on the
 * stores (docs/client.md, "Close-behind"): tar, rsync and cp write one small file after another,
 * and each close used to wait for its upload to three replicas and their fsyncs (about 7 ms here),
 * the whole copy running at one file per upload. The upload goes on in the background; the file's
 * create waits for its commit to ride (AsyncCreates#flushBehind), so nobody else sees the file
 * before its data, and an fsync of the file or its directory, a recall by another mount and the
 * unmount wait for both. Such a file is, until then, what a create is under a delegation: lost if
 * this client dies (as POSIX allows before an fsync), and a failed upload is logged and counted
 * ({@code client.flush_behind.failures}) because its close already returned.
 */
public final class FlushBehind {
    private static final Logger LOG = LoggerFactory.getLogger(FlushBehind.class);

    private final FileIo files;
    private final AsyncCreates creates;
    /** Flushes in the background at most; the next close beyond them flushes as it always did. */
    private final Semaphore room;
    private final ExecutorService threads;
    private final Counter failures;
    private final Counter started;

    public FlushBehind(FileIo files, AsyncCreates creates, int maxInBackground, MetricRegistry registry) {
        this.files = files;
        this.creates = creates;
        this.room = new Semaphore(maxInBackground);
        this.threads = Executors.newFixedThreadPool(Math.max(1, Math.min(maxInBackground, 16)),
                new DefaultThreadFactory("wfs-client-flush-behind", true));
        registry.remove("client.flush_behind.failures");
        this.failures = registry.counter("client.flush_behind.failures");
        registry.remove("client.flush_behind.started");
        this.started = registry.counter("client.flush_behind.started");
        registry.remove("client.flush_behind.running");
        registry.register("client.flush_behind.running",
                (com.codahale.metrics.Gauge<Integer>) () -> maxInBackground - room.availablePermits());
    }

    /**
     * Flushes {@code state}, a file of {@code caller}'s, in the background when it is a file created
     * here whose batch has not left; true then (the caller returns at once), false when the caller
     * flushes it itself.
     */
    public boolean start(Caller caller, FileState state) {
        long ino = state.ino();
        if (!room.tryAcquire()) {
            return false;
        }
        if (!creates.flushBehind(caller, ino)) {
            room.release();
            return false;
        }
        started.inc();
        try {
            threads.execute(() -> {
                try {
                    files.flush(caller, state);
                } catch (RuntimeException e) {
                    // Its bytes stay buffered (FileIo gives them back): the release's flush tries again.
                    failures.inc();
                    LOG.warn("background flush of file {} failed after its close returned: {}", ino, e.toString());
                } finally {
                    room.release();
                    creates.behindDone(ino);
                }
            });
        } catch (RejectedExecutionException closing) {
            room.release();
            creates.behindDone(ino);
            return false;
        }
        return true;
    }

    /** Lets the flushes under way end, up to {@code limit} (unmount, after the pending creates were drained). */
    public void close(Duration limit) {
        threads.shutdown();
        try {
            if (!threads.awaitTermination(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("unmounting with background flushes still running");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
