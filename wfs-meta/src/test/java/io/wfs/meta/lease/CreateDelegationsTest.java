package io.wfs.meta.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.meta.CacheLeasePollReply;
import io.wfs.common.msg.meta.CreateBatchRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.testing.Await;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The leader's create delegations: registration, the recall before another session's request, lapse, takeover. */
class CreateDelegationsTest {
    private static final Duration LEASE = Duration.ofMillis(400);
    private static final long HOLDER = 11;
    private static final long OTHER = 22;
    private static final long DIR = 7;
    private static final long FILE = 8;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private CacheLeases leases;
    private final LeaseMark mark = new LeaseMark();

    @AfterEach
    void stop() {
        timer.shutdownNow();
    }

    private CreateDelegations leading(boolean hadLeader, Duration hold) {
        leases = new CacheLeases(LEASE, hold, 1024, timer, System::nanoTime);
        leases.start(hadLeader);
        CreateDelegations delegations = new CreateDelegations(() -> leases, mark);
        // Slot 0 had handed out numbers below 1000 before this leader's term.
        Int2LongOpenHashMap nextSeqs = new Int2LongOpenHashMap();
        nextSeqs.put(0, 1000);
        delegations.leaderStart(nextSeqs);
        return delegations;
    }

    private static MetaHeader session(long s) {
        return MetaHeader.root().withSequence(s, 1, 0);
    }

    private static LookupRequest lookup(long s, long dir) {
        return new LookupRequest(session(s), dir, "x".getBytes());
    }

    @Test
    void onlyASessionThatPollsMayHoldADirectoryAndOnlyOneAtATime() throws Exception {
        CreateDelegations delegations = leading(false, Duration.ZERO);
        assertFalse(delegations.register(DIR, HOLDER), "no poll: it could never hear of a recall");
        leases.poll(HOLDER, 0).get();
        leases.poll(OTHER, 0).get();
        assertTrue(delegations.register(DIR, HOLDER));
        assertTrue(delegations.register(DIR, HOLDER), "asking again for more numbers");
        assertFalse(delegations.register(DIR, OTHER), "held by another session");
        assertTrue(delegations.heldByOther(DIR, OTHER));
        assertFalse(delegations.heldByOther(DIR, HOLDER));
        delegations.granted(DIR, HOLDER, 1000, 10);
        assertTrue(delegations.mayUse(DIR, HOLDER, new long[] {1000, 1009}));
        assertFalse(delegations.mayUse(DIR, HOLDER, new long[] {1010}), "a number outside the ranges granted");
    }

    @Test
    void theDirectoriesABatchMakesAreHeldForAPollingSessionAndLetGoWhenItsEntryFails() throws Exception {
        CreateDelegations delegations = leading(false, Duration.ZERO);
        assertEquals(0, delegations.registerNew(new long[] {DIR, FILE}, HOLDER).length, "no poll: none held");
        leases.poll(HOLDER, 0).get();
        leases.poll(OTHER, 0).get();
        assertTrue(delegations.register(FILE, OTHER));
        long[] held = delegations.registerNew(new long[] {DIR, FILE}, HOLDER);
        assertEquals(1, held.length, "one another session holds is not taken");
        assertEquals(DIR, held[0]);
        assertTrue(delegations.heldByOther(DIR, OTHER));
        delegations.unregisterAll(held, HOLDER);
        assertFalse(delegations.heldByOther(DIR, OTHER), "the batch's entry failed: let go");
        assertTrue(delegations.heldByOther(FILE, HOLDER), "another session's stays");
    }

    @Test
    void aNumberAnEarlierLeaderHandedOutIsLeftToTheApplyEvenAfterANewGrant() throws Exception {
        CreateDelegations delegations = leading(false, Duration.ZERO);
        leases.poll(HOLDER, 0).get();
        assertTrue(delegations.register(DIR, HOLDER));
        delegations.granted(DIR, HOLDER, 1000, 10);
        // The holder's batch from its grant by the previous leader, resent here after the change.
        assertTrue(delegations.mayUse(DIR, HOLDER, new long[] {500, 999, 1001}));
        assertFalse(delegations.mayUse(DIR, HOLDER, new long[] {500, 1020}),
                "a number of this term outside the holder's ranges is still refused");
    }

    @Test
    void anotherSessionsRequestNamingTheDirectoryWaitsUntilTheHolderAcknowledgesTheRecall() throws Exception {
        CreateDelegations delegations = leading(false, Duration.ZERO);
        leases.poll(HOLDER, 0).get();
        assertTrue(delegations.register(DIR, HOLDER));
        // The holder's poll is parked, as a client's standing poll is.
        CompletableFuture<CacheLeasePollReply> parked = leases.poll(HOLDER, 0);

        assertNull(delegations.before(lookup(HOLDER, DIR), MessageType.LOOKUP), "the holder's own requests never wait");
        assertNull(delegations.before(new GetAttrRequest(session(OTHER), FILE), MessageType.GET_ATTR),
                "a request that does not name the directory");
        CompletableFuture<Void> recall = delegations.before(lookup(OTHER, DIR), MessageType.LOOKUP);
        assertNotNull(recall);
        CacheLeasePollReply told = parked.get(5, TimeUnit.SECONDS);
        assertEquals(DIR, told.keys()[0], "the holder hears of the recall as an invalidation of the directory");
        CompletableFuture<Void> second = delegations.before(new RenameRequest(session(OTHER + 1), FILE, "a".getBytes(),
                DIR, "b".getBytes(), 0), MessageType.RENAME);
        assertEquals(recall, second, "a second request waits for the same recall");
        assertNull(delegations.before(new CreateBatchRequest(session(HOLDER), DIR, new long[] {1}, new int[] {0100644},
                "f".getBytes(), new int[] {1}, new byte[] {1}), MessageType.CREATE_BATCH), "the holder's batch passes");
        assertFalse(recall.isDone(), "not before the holder acknowledged (after sending what it created)");

        leases.poll(HOLDER, told.batch());
        recall.get(5, TimeUnit.SECONDS);
        Await.until(Duration.ofSeconds(5), () -> delegations.count() == 0, "the delegation is gone after the recall");
        assertNull(delegations.before(lookup(OTHER, DIR), MessageType.LOOKUP));
        assertFalse(delegations.heldByOther(DIR, OTHER));
    }

    @Test
    void aHolderThatStoppedPollingIsNotWaitedFor() throws Exception {
        CreateDelegations delegations = leading(false, Duration.ZERO);
        leases.poll(HOLDER, 0).get();
        assertTrue(delegations.register(DIR, HOLDER));
        // The holder never polls again: its lease lapses and the recall goes through without it.
        CompletableFuture<Void> recall = delegations.before(lookup(OTHER, DIR), MessageType.LOOKUP);
        assertNotNull(recall);
        recall.get(10, TimeUnit.SECONDS);
        Await.until(Duration.ofSeconds(5), () -> delegations.count() == 0, "the lapsed holder's delegation is gone");
    }

    @Test
    void aNewLeaderOfAGroupThatDelegatedHoldsEveryRequestButTheHoldersBatchesForItsTakeoverHold() throws Exception {
        mark.setDelegated();
        CreateDelegations delegations = leading(true, Duration.ofMillis(300));
        CompletableFuture<Void> held = delegations.before(new GetAttrRequest(session(OTHER), FILE), MessageType.GET_ATTR);
        assertNotNull(held, "even a request naming no delegated directory: this leader cannot know them");
        assertNull(delegations.before(new CreateBatchRequest(session(HOLDER), DIR, new long[] {1}, new int[] {0100644},
                "f".getBytes(), new int[] {1}, new byte[] {1}), MessageType.CREATE_BATCH));
        assertNull(delegations.before(new io.wfs.common.msg.meta.CacheLeasePollRequest(session(HOLDER), 0, 0),
                MessageType.CACHE_LEASE_POLL));
        held.get(5, TimeUnit.SECONDS);
        assertNull(delegations.before(new GetAttrRequest(session(OTHER), FILE), MessageType.GET_ATTR), "the hold is over");

        LeaseMark fresh = new LeaseMark();
        CacheLeases plain = new CacheLeases(LEASE, Duration.ofMillis(300), 1024, timer, System::nanoTime);
        plain.start(true);
        assertNull(new CreateDelegations(() -> plain, fresh).before(new GetAttrRequest(session(OTHER), FILE),
                MessageType.GET_ATTR), "a group that never delegated does not hold its reads");
    }
}
