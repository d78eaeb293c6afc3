package io.wfs.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The lease's rules on a clock, a term and barriers the test controls. */
class LeaderReadLeaseTest {
    private static final long LEASE = 900;
    private final AtomicLong clock = new AtomicLong(10_000);
    private final AtomicLong term = new AtomicLong(5);
    private final List<CompletableFuture<Void>> barriers = new ArrayList<>();
    private final LeaderReadLease lease = new LeaderReadLease(LEASE, term::get, this::barrier, clock::get);

    private CompletableFuture<Void> barrier() {
        CompletableFuture<Void> b = new CompletableFuture<>();
        barriers.add(b);
        return b;
    }

    @Test
    void aBarrierGrantsTheLeaseFromItsStartAndWaitersShareIt() {
        assertFalse(lease.holds(), "no lease before a barrier");
        CompletableFuture<Void> first = lease.renew();
        CompletableFuture<Void> second = lease.renew();
        assertSame(first, second, "one barrier for every waiter");
        assertEquals(1, barriers.size());
        clock.addAndGet(300);
        barriers.get(0).complete(null);
        assertTrue(first.isDone() && !first.isCompletedExceptionally());
        assertTrue(lease.holds(), "the lease holds after the barrier");
        clock.set(10_000 + LEASE - 1);
        assertTrue(lease.holds(), "until the barrier's start plus the lease");
        clock.set(10_000 + LEASE);
        assertFalse(lease.holds(), "not a nanosecond longer: it counts from the barrier's start, not its end");
    }

    @Test
    void aLeaseWithHalfLeftRenewsInTheBackgroundAndKeepsTheFastPath() {
        lease.renew();
        barriers.get(0).complete(null);
        clock.addAndGet(LEASE / 2 - 1);
        assertTrue(lease.holds());
        assertEquals(1, barriers.size(), "more than half left: no renewal");
        clock.addAndGet(2);
        assertTrue(lease.holds(), "half gone: still served at once");
        assertEquals(2, barriers.size(), "and renewed in the background");
        long renewedAt = clock.get();
        barriers.get(1).complete(null);
        clock.set(renewedAt + LEASE - 1);
        assertTrue(lease.holds(), "the renewal extends the lease");
    }

    @Test
    void theLeaseEndsWithItsTerm() {
        lease.renew();
        barriers.get(0).complete(null);
        assertTrue(lease.holds());
        term.set(-1);
        assertFalse(lease.holds(), "a replica that stopped leading holds nothing");
        term.set(7);
        assertFalse(lease.holds(), "a new term needs a barrier of its own");
    }

    @Test
    void aBarrierThatEndsInAnotherTermGrantsNothing() {
        CompletableFuture<Void> renewal = lease.renew();
        term.set(7);
        barriers.get(0).complete(null);
        assertTrue(renewal.isDone());
        assertFalse(lease.holds());
    }

    @Test
    void aFailedBarrierFailsItsWaitersAndTheNextReadTriesAgain() {
        CompletableFuture<Void> renewal = lease.renew();
        barriers.get(0).completeExceptionally(new IllegalStateException("no quorum"));
        assertTrue(renewal.isCompletedExceptionally());
        assertFalse(lease.holds());
        lease.renew();
        assertEquals(2, barriers.size(), "a new barrier, not the failed one");
    }

    @Test
    void aBarrierThatThrowsFailsItsWaiters() {
        LeaderReadLease throwing = new LeaderReadLease(LEASE, term::get, () -> {
            throw new IllegalStateException("node stopped");
        }, clock::get);
        assertTrue(throwing.renew().isCompletedExceptionally());
        assertFalse(throwing.holds());
    }
}
