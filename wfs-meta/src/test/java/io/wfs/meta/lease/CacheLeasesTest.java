package io.wfs.meta.lease;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.CacheLeasePollReply;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongList;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The leader's lease table on its own: grants, invalidations held until acknowledged or lapsed, takeover. */
class CacheLeasesTest {
    private static final Duration LEASE = Duration.ofMillis(400);
    private static final long A = 11;
    private static final long B = 22;
    private static final long DIR = 7;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

    @AfterEach
    void stop() {
        timer.shutdownNow();
    }

    private CacheLeases leading(boolean hadLeader, Duration hold) {
        CacheLeases leases = new CacheLeases(LEASE, hold, 1024, timer, System::nanoTime);
        leases.start(hadLeader);
        return leases;
    }

    private static LongList keys(long... k) {
        return LongArrayList.wrap(k);
    }

    private static CacheLeasePollReply now(CompletableFuture<CacheLeasePollReply> poll) throws Exception {
        assertTrue(poll.isDone(), "answered at once");
        return poll.get();
    }

    @Test
    void aSessionThatDoesNotPollIsLeasedNothing() throws Exception {
        CacheLeases leases = leading(false, Duration.ZERO);
        assertFalse(leases.grant(A, keys(DIR)), "no poll yet: the session could never hear of a change");
        CacheLeasePollReply first = now(leases.poll(A, 0));
        assertTrue(first.restarted(), "the first poll tells the client this leader holds nothing of it");
        assertEquals(LEASE.toNanos(), first.leaseNanos());
        assertTrue(leases.grant(A, keys(DIR)));
        assertNull(leases.invalidate(keys(DIR), A), "a session's own change waits for nobody");
    }

    /** A directory several mounts create in: its leases would be broken as soon as granted (docs/metadata.md). */
    @Test
    void aKeyTwoSessionsChangeInTurnIsLeasedToNobodyUntilOneChangesItAloneForALeaseTerm() throws Exception {
        AtomicLong clock = new AtomicLong(1_000);
        CacheLeases leases = new CacheLeases(LEASE, Duration.ZERO, 1024, timer, clock::get);
        leases.start(false);
        now(leases.poll(A, 0));
        now(leases.poll(B, 0));
        assertTrue(leases.grant(A, keys(DIR)));
        assertNull(leases.invalidate(keys(DIR), A), "a change of a key only its changer holds");
        assertTrue(leases.grant(A, keys(DIR)), "so it is leased again at once");
        assertEquals(0, leases.counts()[2]);

        assertTrue(leases.grant(B, keys(DIR)));
        assertFalse(leases.invalidate(keys(DIR), B).isDone(), "B's change breaks A's lease");
        assertTrue(leases.grant(A, keys(DIR)), "one foreign change is no contention: leased again");
        assertFalse(leases.invalidate(keys(DIR), A).isDone(), "A's change breaks B's lease in turn");
        assertFalse(leases.grant(A, keys(DIR)), "two sessions change it in turn: leased to nobody");
        assertFalse(leases.grant(B, keys(8, DIR)), "nor any answer that covers it");
        assertTrue(leases.grant(B, keys(8)), "other keys as before");
        assertEquals(1, leases.counts()[2]);

        long term = LEASE.toNanos();
        clock.addAndGet(term / 2);
        leases.invalidate(keys(DIR), B); // breaks the lease A was granted before the window opened
        assertNull(leases.invalidate(keys(DIR), B), "nobody holds it now: B's change waits for nobody");
        clock.addAndGet(term * 3 / 4);
        assertFalse(leases.grant(A, keys(DIR)), "B's change after A's renewed the window");
        leases.invalidate(keys(DIR), A);
        leases.invalidate(keys(DIR), A);
        clock.addAndGet(term + 1);
        assertTrue(leases.grant(B, keys(DIR)), "A alone changed it for a lease term: leased again");
        leases.dropLapsed();
        assertEquals(0, leases.counts()[2], "the window is forgotten");
    }

    @Test
    void aChangeWaitsUntilTheOtherHolderAcknowledgedItsInvalidation() throws Exception {
        CacheLeases leases = leading(false, Duration.ZERO);
        now(leases.poll(A, 0));
        assertTrue(leases.grant(A, keys(DIR, 8)));
        CompletableFuture<CacheLeasePollReply> parked = leases.poll(A, 0);
        assertFalse(parked.isDone(), "nothing to say yet: the poll waits on the leader");

        CompletableFuture<Void> reply = leases.invalidate(keys(DIR, 99), B);
        CacheLeasePollReply told = parked.get(5, TimeUnit.SECONDS);
        assertArrayEquals(new long[] {DIR}, told.keys(), "only the key A holds");
        assertFalse(reply.isDone(), "B's reply waits for A to drop what it cached");

        CompletableFuture<CacheLeasePollReply> next = leases.poll(A, told.batch());
        reply.get(5, TimeUnit.SECONDS);
        assertFalse(next.isDone(), "acknowledged: the next poll parks again");
        assertNull(leases.invalidate(keys(DIR), B), "A no longer holds the key: nothing to wait for");
        assertNull(leases.invalidate(keys(8), A), "A's own change of a key it holds");
    }

    @Test
    void aSessionPastItsBoundGetsTheLeastRecentlyGrantedKeysTakenBack() throws Exception {
        CacheLeases leases = new CacheLeases(LEASE, Duration.ZERO, 8, timer, System::nanoTime);
        leases.start(false);
        now(leases.poll(A, 0));
        now(leases.poll(B, 0));
        for (long k = 1; k <= 8; k++) {
            assertTrue(leases.grant(A, keys(k)));
        }
        assertTrue(leases.grant(B, keys(2)));
        assertTrue(leases.grant(A, keys(1)), "granted again: now the most recent");
        CompletableFuture<CacheLeasePollReply> parked = leases.poll(A, 0);
        assertFalse(parked.isDone(), "within the bound: nothing to say");

        assertTrue(leases.grant(A, keys(9)), "the ninth key is granted");
        CacheLeasePollReply takenBack = parked.get(5, TimeUnit.SECONDS);
        assertArrayEquals(new long[] {2, 3}, takenBack.keys(), "the least recently granted, down to 7 of 8");
        assertEquals(8, leases.counts()[1], "7 keys of A and key 2 of B");
        assertNull(leases.invalidate(keys(3), B), "A no longer holds 3: a change of it waits for nobody");
        CompletableFuture<Void> change = leases.invalidate(keys(2), A);
        assertFalse(change.isDone(), "B still holds 2");
        assertFalse(leases.invalidate(keys(1), B).isDone(), "A still holds 1, granted again before the bound was passed");
    }

    @Test
    void anInvalidationWhileNoPollIsParkedGoesWithTheNextPoll() throws Exception {
        CacheLeases leases = leading(false, Duration.ZERO);
        now(leases.poll(A, 0));
        leases.grant(A, keys(DIR));
        CompletableFuture<Void> reply = leases.invalidate(keys(DIR), B);
        CacheLeasePollReply told = now(leases.poll(A, 0));
        assertArrayEquals(new long[] {DIR}, told.keys());
        assertFalse(reply.isDone());
        leases.poll(A, told.batch());
        assertTrue(reply.isDone());
    }

    @Test
    void aBatchThatNeverArrivedIsSentAgain() throws Exception {
        CacheLeases leases = leading(false, Duration.ZERO);
        now(leases.poll(A, 0));
        leases.grant(A, keys(DIR));
        CompletableFuture<Void> reply = leases.invalidate(keys(DIR), B);
        CacheLeasePollReply lost = now(leases.poll(A, 0));
        // The client never saw that answer (its poll failed) and asks again, acknowledging the older batch.
        CacheLeasePollReply again = now(leases.poll(A, lost.batch() - 1));
        assertArrayEquals(new long[] {DIR}, again.keys());
        assertFalse(reply.isDone());
        leases.poll(A, again.batch());
        assertTrue(reply.isDone());
    }

    @Test
    void aHolderThatStopsPollingHoldsAChangeBackForOneLeaseTermAtMost() throws Exception {
        CacheLeases leases = leading(false, Duration.ZERO);
        now(leases.poll(A, 0));
        leases.grant(A, keys(DIR));
        long start = System.nanoTime();
        CompletableFuture<Void> reply = leases.invalidate(keys(DIR), B);
        reply.get(10, TimeUnit.SECONDS);
        long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(waitedMs >= LEASE.toMillis() / 2, "it waited for A's lease to lapse: " + waitedMs + " ms");
        assertTrue(now(leases.poll(A, 5)).restarted(), "A comes back to a leader that dropped its leases");
    }

    @Test
    void aNewLeaderOfAGroupThatHadOneHoldsRepliesForTheTakeoverTime() throws Exception {
        Duration hold = Duration.ofMillis(300);
        CacheLeases fresh = leading(false, hold);
        assertNull(fresh.invalidate(keys(DIR), B), "a group's first leader: nobody can hold an older lease");
        CacheLeases takeover = leading(true, hold);
        long start = System.nanoTime();
        takeover.invalidate(keys(DIR), B).get(5, TimeUnit.SECONDS);
        assertTrue(System.nanoTime() - start >= hold.toNanos() - TimeUnit.MILLISECONDS.toNanos(20));
    }

    @Test
    void stoppingToLeadLetsEverythingGo() throws Exception {
        CacheLeases leases = leading(false, Duration.ZERO);
        now(leases.poll(A, 0));
        leases.grant(A, keys(DIR));
        CompletableFuture<Void> reply = leases.invalidate(keys(DIR), B);
        CacheLeasePollReply told = now(leases.poll(A, 0));
        CompletableFuture<CacheLeasePollReply> parked = leases.poll(B, 0);
        now(parked);
        CompletableFuture<CacheLeasePollReply> parkedB = leases.poll(B, 0);
        leases.stop();
        assertTrue(reply.isDone(), "the change applied here; its reply need not wait for a leader that is gone");
        ExecutionException e = assertThrows(ExecutionException.class, () -> parkedB.get(5, TimeUnit.SECONDS));
        assertEquals(WfsErrorCode.NOT_LEADER, WfsException.unwrap(e).code());
        assertFalse(leases.grant(A, keys(DIR)));
        assertEquals(WfsErrorCode.NOT_LEADER, WfsException.unwrap(assertThrows(ExecutionException.class,
                () -> leases.poll(A, told.batch()).get())).code());
        assertNull(leases.invalidate(keys(DIR), B));
    }

    @Test
    void leasesOffGrantNothingAndHoldNothing() {
        CacheLeases off = CacheLeases.disabled();
        off.start(true);
        assertFalse(off.tracking());
        assertFalse(off.grant(A, keys(DIR)));
        assertNull(off.invalidate(keys(DIR), B));
    }
}
