package io.wfs.raft;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * How long a leader may answer reads from its own state without asking its followers.
 *
 * <p>A read barrier (jraft's read index: a heartbeat round that a majority answers in this term)
 * that started at time t proves that no other leader can be elected before t plus an election
 * timeout: a follower that answered will not grant a pre-vote until an election timeout after it
 * last heard from this leader. The lease runs to t plus nine tenths of that, as jraft's own lease
 * reads do, leaving a tenth for clocks that run at different rates. It belongs to the term that
 * renewed it and ends with it.
 *
 * <p>Why: a leader cut off from its followers but not from its clients answered reads from its
 * own state until it noticed (jraft checks every half election timeout, so up to 1.4 of them),
 * while the followers had elected a new leader that was already acknowledging writes. A client
 * sent there could be told that a file it had just created did not exist.
 *
 * <p>Under a steady read load the lease is renewed in the background when half of it is left, so
 * reads keep the fast path; the first read after a quiet spell waits one heartbeat round.
 */
final class LeaderReadLease {
    /** The term that renewed the lease and the clock reading it runs to. */
    private record Lease(long term, long untilNs) {
    }

    private static final Lease NONE = new Lease(-1, 0);

    private final long leaseNs;
    private final LongSupplier term;
    private final Supplier<CompletableFuture<Void>> barrier;
    private final LongSupplier clock;
    private final AtomicReference<Lease> lease = new AtomicReference<>(NONE);
    private final AtomicReference<CompletableFuture<Void>> renewal = new AtomicReference<>();

    /**
     * @param leaseNs how long a barrier's proof lasts from its start (0.9 election timeouts)
     * @param term    this replica's current leader term, or a value ≤ 0 when it does not lead
     * @param barrier a linearizable read barrier of the group
     * @param clock   a monotonic clock in nanoseconds ({@code System::nanoTime})
     */
    LeaderReadLease(long leaseNs, LongSupplier term, Supplier<CompletableFuture<Void>> barrier, LongSupplier clock) {
        this.leaseNs = leaseNs;
        this.term = term;
        this.barrier = barrier;
        this.clock = clock;
    }

    /** True while a read of this leader's state needs no barrier; renews early when half the lease is gone. */
    boolean holds() {
        Lease l = lease.get();
        long now = clock.getAsLong();
        long current = term.getAsLong();
        if (current <= 0 || l.term != current || now - l.untilNs >= 0) {
            return false;
        }
        if (l.untilNs - now < leaseNs / 2) {
            renew();
        }
        return true;
    }

    /** Completes once the lease holds again (one barrier shared by every waiter), or fails with the barrier's error. */
    CompletableFuture<Void> renew() {
        while (true) {
            CompletableFuture<Void> running = renewal.get();
            if (running != null) {
                return running;
            }
            CompletableFuture<Void> mine = new CompletableFuture<>();
            if (renewal.compareAndSet(null, mine)) {
                start(mine);
                return mine;
            }
        }
    }

    private void start(CompletableFuture<Void> mine) {
        long startedNs = clock.getAsLong();
        long startedTerm = term.getAsLong();
        CompletableFuture<Void> proof;
        try {
            proof = barrier.get();
        } catch (RuntimeException e) {
            proof = CompletableFuture.failedFuture(e);
        }
        proof.whenComplete((ok, error) -> {
            if (error == null && startedTerm > 0 && term.getAsLong() == startedTerm) {
                Lease renewed = new Lease(startedTerm, startedNs + leaseNs);
                lease.accumulateAndGet(renewed, (old, next) ->
                        old.term == next.term && old.untilNs - next.untilNs > 0 ? old : next);
            }
            // Cleared before the waiters run, so one that finds the lease gone again starts a new barrier.
            renewal.set(null);
            if (error != null) {
                mine.completeExceptionally(error);
            } else {
                mine.complete(null);
            }
        });
    }
}
