package io.wfs.client;

import io.wfs.common.msg.meta.CloseBatchRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.route.MetaClient;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The closes this session tells the meta leaders of, gathered for {@code client.close-delay} and
 * sent as one {@link CloseBatchRequest} per group: reading a small file costs its open (riding
 * with the slice fetch), its block read, and a share of a batch, instead of a request of its own
 * for the close. Nothing waits for a close: the kernel does not wait for a FUSE release. A close
 * only ends the leader's hold on a file for an unlink, so one sent a few milliseconds late frees
 * an unlinked file's data that much later; its open epoch is taken when it is gathered, as a close
 * sent at once would take it (OpenEpochs), so a leader change in between counts it once.
 */
final class DeferredCloses implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DeferredCloses.class);
    /** A batch this big goes at once: gathering more would only delay it. */
    static final int SEND_AT = 1024;

    private final MetaClient meta;
    private final ScheduledExecutorService timer;
    private final long delayNanos;
    private LongArrayList inos = new LongArrayList();
    private LongArrayList epochs = new LongArrayList();
    private boolean sendScheduled;

    DeferredCloses(MetaClient meta, ScheduledExecutorService timer, Duration delay) {
        this.meta = meta;
        this.timer = timer;
        this.delayNanos = delay.toNanos();
    }

    /** One close of {@code ino}, uncounted by the session in {@code openEpoch}. */
    void close(long ino, long openEpoch) {
        boolean now;
        synchronized (this) {
            inos.add(ino);
            epochs.add(openEpoch);
            now = delayNanos == 0 || inos.size() >= SEND_AT;
            if (!now && !sendScheduled) {
                sendScheduled = true;
                timer.schedule(this::send, delayNanos, TimeUnit.NANOSECONDS);
            }
        }
        if (now) {
            send();
        }
    }

    /** Sends what was gathered, one request per group; completes when every group answered. */
    CompletableFuture<Void> send() {
        LongArrayList i;
        LongArrayList e;
        synchronized (this) {
            sendScheduled = false;
            if (inos.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            i = inos;
            e = epochs;
            inos = new LongArrayList();
            epochs = new LongArrayList();
        }
        Map<String, LongArrayList[]> byGroup = new HashMap<>();
        for (int k = 0; k < i.size(); k++) {
            LongArrayList[] group = byGroup.computeIfAbsent(meta.groupOf(i.getLong(k)).id(),
                    g -> new LongArrayList[] {new LongArrayList(), new LongArrayList()});
            group[0].add(i.getLong(k));
            group[1].add(e.getLong(k));
        }
        List<CompletableFuture<OkReply>> sent = new ArrayList<>();
        byGroup.forEach((group, closes) -> sent.add(meta.call(new CloseBatchRequest(meta.mutation(0, 0),
                closes[0].toLongArray(), closes[1].toLongArray())).whenComplete((r, error) -> {
                    if (error != null) {
                        LOG.warn("{} closes not recorded in group {} (the session's expiry releases them): {}",
                                closes[0].size(), group, error.toString());
                    }
                })));
        return CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).exceptionally(error -> null);
    }

    /** Sends what is gathered and waits a moment for it: an unmount tells the leaders its last closes. */
    @Override
    public void close() {
        try {
            send().get(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("last closes not confirmed: {}", e.toString());
        }
    }
}
