package io.wfs.client.create;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * When a pending create may leave in a batch (docs/metadata.md, "A small file in one entry"):
 * held while its application may still fold a write, chown, chmod or utimens into it, then
 * released on a grid shared by every directory ("Holds end on a shared 10 ms grid"). State of the
 * creates is guarded by the {@link AsyncCreates} lock.
 */
final class CreateHolds {
    /**
     * Holds end on a grid of this many milliseconds shared by every directory: the batches of
     * directories created in at the same time leave together, and the leader packs what arrives
     * together into one Raft entry (ProposalBatcher), instead of one entry per directory's batch.
     */
    static final long GRID_MS = 10;

    private final AsyncCreates owner;
    private final ScheduledExecutorService timer;
    private final long holdMs;

    CreateHolds(AsyncCreates owner, ScheduledExecutorService timer, long holdNs) {
        this.owner = owner;
        this.timer = timer;
        this.holdMs = Math.max(1, TimeUnit.NANOSECONDS.toMillis(holdNs));
    }

    /** The delay to the first point of the grid at least {@code ms} after {@code nowMs}. */
    static long onGrid(long ms, long nowMs) {
        return ms + Math.floorMod(-(nowMs + ms), GRID_MS);
    }

    /** Holds {@code p}, just created, for the client's hold. Under the owner's lock. */
    void hold(PendingCreate p) {
        release(p, holdMs);
    }

    /** Lets {@code p} go into a batch after {@code ms}, or later while its application still works on it. */
    private void release(PendingCreate p, long ms) {
        try {
            timer.schedule(() -> {
                synchronized (owner) {
                    long left = p.holdUntilNanos - System.nanoTime();
                    if (p.held && left > 0) {
                        release(p, Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                        return;
                    }
                    owner.holdEnded(p);
                }
            }, onGrid(ms, TimeUnit.NANOSECONDS.toMillis(System.nanoTime())), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            p.held = false;
        }
    }
}
