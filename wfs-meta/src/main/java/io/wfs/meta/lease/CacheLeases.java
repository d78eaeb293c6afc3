package io.wfs.meta.lease;

import io.wfs.common.msg.meta.CacheLeasePollReply;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArraySet;
import it.unimi.dsi.fastutil.longs.LongCollection;
import it.unimi.dsi.fastutil.longs.LongIterator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The client-cache leases one group's leader has granted (docs/metadata.md, "Client caches with
 * leases"). Leader memory only, never replicated. A session holds a lease on a <em>key</em> — a
 * directory's inode number (its entries and its own attributes) or a file's parent (the file's
 * attributes) — from the answer that granted it until a mutation changes that key or the session
 * stops polling for a lease term. A mutation's reply is held until every other session holding a
 * key it changed has acknowledged the invalidation (through its {@link #poll}) or lapsed, so no
 * client serves a cached answer older than a change that another client was told is done.
 *
 * <p>A new leader cannot know the leases of the leader before it: while {@code takeoverHold}
 * runs after it took over a group that had a leader before, every mutation reply waits out the
 * longest lease the old leader can have renewed (a lease term plus the time a deposed leader
 * takes to notice). Thread-safe; called under the group's state lock for grants and
 * invalidations (so they order with applies and queries), and from the RPC threads for polls.
 */
public final class CacheLeases {

    private final long leaseNs;
    private final long takeoverHoldNs;
    /** The most keys one session holds here; past it the least recently granted are taken back. */
    private final int maxKeysPerSession;
    private final ScheduledExecutorService timer;
    private final LongSupplier clock;
    private final Long2ObjectOpenHashMap<SessionLeases> sessions = new Long2ObjectOpenHashMap<>();
    /** key → the sessions holding a lease on it. */
    private final Long2ObjectOpenHashMap<LongArraySet> holders = new Long2ObjectOpenHashMap<>();
    /** Keys several sessions change in turn: leased to nobody for a while. */
    private final ContendedKeys contended;
    private volatile boolean leading;
    /** Written under the lock; read without it by {@link #takeoverHold}, on every request of a group that delegated. */
    private volatile long holdUntilNs;
    private ScheduledFuture<?> sweeper;

    /**
     * {@code lease} zero: leases are off (nothing is granted, nothing waits). {@code maxKeysPerSession}
     * bounds this leader's memory per client (meta.cache-lease-keys).
     */
    public CacheLeases(Duration lease, Duration takeoverHold, int maxKeysPerSession, ScheduledExecutorService timer,
                       LongSupplier clock) {
        if (maxKeysPerSession < 8) {
            throw new IllegalArgumentException("at least 8 keys per session, not " + maxKeysPerSession);
        }
        this.leaseNs = lease.toNanos();
        this.takeoverHoldNs = takeoverHold.toNanos();
        this.maxKeysPerSession = maxKeysPerSession;
        this.timer = timer;
        this.clock = clock;
        this.contended = new ContendedKeys(leaseNs);
    }

    /** Leases off: what a replica without a lease configuration uses (tests, benchmarks). */
    public static CacheLeases disabled() {
        return new CacheLeases(Duration.ZERO, Duration.ZERO, 8, null, System::nanoTime);
    }

    public long leaseNanos() {
        return leaseNs;
    }

    /** True while this replica leads with leases on: only then do applies report what they changed. */
    public synchronized boolean tracking() {
        return leading && leaseNs > 0;
    }

    /**
     * This replica starts leading; {@code hadLeader}: the group had a leader before (its state is
     * not empty), which may have granted leases that are still running.
     */
    public synchronized void start(boolean hadLeader) {
        if (leaseNs <= 0) {
            return;
        }
        // The hold first: a request that sees this replica leading must see its hold too.
        holdUntilNs = hadLeader ? clock.getAsLong() + takeoverHoldNs : 0;
        leading = true;
        long every = Math.max(1, leaseNs / 4);
        sweeper = timer.scheduleWithFixedDelay(this::dropLapsed, every, every, TimeUnit.NANOSECONDS);
    }

    /** This replica stopped leading: every lease is forgotten, parked polls and held replies are let go. */
    public void stop() {
        List<CompletableFuture<Void>> released = new ArrayList<>();
        List<CompletableFuture<CacheLeasePollReply>> polls = new ArrayList<>();
        synchronized (this) {
            if (!leading) {
                return;
            }
            leading = false;
            if (sweeper != null) {
                sweeper.cancel(false);
            }
            for (SessionLeases s : sessions.values()) {
                s.waiters.forEach(w -> released.add(w.done()));
                if (s.parked != null) {
                    polls.add(s.parked);
                }
            }
            sessions.clear();
            holders.clear();
            contended.clear();
        }
        // A mutation that applied here is done whatever its reply: the new leader holds its own replies.
        released.forEach(f -> f.complete(null));
        polls.forEach(p -> p.completeExceptionally(new io.wfs.common.error.WfsException(
                io.wfs.common.error.WfsErrorCode.NOT_LEADER, "this replica stopped leading")));
    }

    /**
     * Registers {@code session}'s lease on {@code keys}; true when granted: leases are on, this
     * replica leads and the session polls here (a session that does not poll could never hear of
     * a change). A session past {@code maxKeysPerSession} keys gets the least recently granted
     * eighth taken back, as invalidations in its next poll: the client forgets those entries, and
     * this leader's memory per client stays bounded (CephFS recalls caps past
     * {@code mds_max_caps_per_client} alike). Called under the state lock, right after the answer
     * was computed.
     */
    public boolean grant(long session, LongCollection keys) {
        SessionLeases.Unparked takenBack;
        synchronized (this) {
            if (!leading || session == 0 || keys.isEmpty()) {
                return false;
            }
            SessionLeases s = sessions.get(session);
            if (s == null || anyContended(keys)) {
                return false;
            }
            for (LongIterator it = keys.iterator(); it.hasNext(); ) {
                long key = it.nextLong();
                if (s.keys.addAndMoveToLast(key)) {
                    holders.computeIfAbsent(key, k -> new LongArraySet(2)).add(session);
                }
            }
            if (s.keys.size() <= maxKeysPerSession) {
                return true;
            }
            takeBackOldest(s, s.keys.size() - maxKeysPerSession + maxKeysPerSession / 8);
            takenBack = s.unparkWithPending(leaseNs);
        }
        if (takenBack != null) {
            takenBack.answer();
        }
        return true;
    }

    private boolean anyContended(LongCollection keys) {
        if (contended.size() == 0) {
            return false;
        }
        long t = clock.getAsLong();
        for (LongIterator it = keys.iterator(); it.hasNext(); ) {
            if (contended.contended(it.nextLong(), t)) {
                return true;
            }
        }
        return false;
    }

    /** Takes back {@code count} of {@code s}'s least recently granted keys: they go out as invalidations. */
    private void takeBackOldest(SessionLeases s, int count) {
        for (int i = 0; i < count && !s.keys.isEmpty(); i++) {
            long key = s.keys.removeFirstLong();
            forgetHolder(key, s.session);
            s.pending.add(key);
        }
    }

    /**
     * An apply changed {@code keys} for {@code bySession}: every other session holding one of them
     * is told. The returned future completes when all of them acknowledged or lapsed (and the
     * takeover hold is over); null when nothing needs waiting for. Called under the state lock.
     */
    public CompletableFuture<Void> invalidate(LongCollection keys, long bySession) {
        List<CompletableFuture<Void>> waits = new ArrayList<>(0);
        List<SessionLeases.Unparked> polls = new ArrayList<>(0);
        long holdNs;
        synchronized (this) {
            if (!leading) {
                return null;
            }
            List<SessionLeases> told = new ArrayList<>(0);
            long now = clock.getAsLong();
            for (LongIterator it = keys.iterator(); it.hasNext(); ) {
                long key = it.nextLong();
                LongArraySet hs = holders.get(key);
                contended.changed(key, bySession, hs != null && (hs.size() > 1 || !hs.contains(bySession)), now);
                if (hs == null) {
                    continue;
                }
                for (LongIterator h = hs.iterator(); h.hasNext(); ) {
                    long session = h.nextLong();
                    if (session == bySession) {
                        // The mutating client updates its own cache from the reply (ClientNamespace).
                        continue;
                    }
                    h.remove();
                    SessionLeases s = sessions.get(session);
                    s.keys.remove(key);
                    s.pending.add(key);
                    if (!told.contains(s)) {
                        told.add(s);
                    }
                }
                if (hs.isEmpty()) {
                    holders.remove(key);
                }
            }
            for (SessionLeases s : told) {
                CompletableFuture<Void> done = new CompletableFuture<>();
                s.waiters.add(new SessionLeases.Waiter(s.nextBatch(), done));
                waits.add(done);
                SessionLeases.Unparked u = s.unparkWithPending(leaseNs);
                if (u != null) {
                    polls.add(u);
                }
            }
            holdNs = holdUntilNs - clock.getAsLong();
        }
        polls.forEach(SessionLeases.Unparked::answer);
        if (holdNs > 0) {
            CompletableFuture<Void> hold = new CompletableFuture<>();
            timer.schedule(() -> hold.complete(null), holdNs, TimeUnit.NANOSECONDS);
            waits.add(hold);
        }
        if (waits.isEmpty()) {
            return null;
        }
        return waits.size() == 1 ? waits.get(0) : CompletableFuture.allOf(waits.toArray(new CompletableFuture[0]));
    }

    /**
     * Completes when the takeover hold of this leader is over; null when it is over already (or
     * there is none): what a request waits for in a group whose old leader may have delegated
     * creates (CreateDelegations).
     */
    public CompletableFuture<Void> takeoverHold() {
        long holdNs = leading ? holdUntilNs - clock.getAsLong() : 0;
        if (holdNs <= 0) {
            return null;
        }
        CompletableFuture<Void> hold = new CompletableFuture<>();
        timer.schedule(() -> hold.complete(null), holdNs, TimeUnit.NANOSECONDS);
        return hold;
    }

    /**
     * A session's poll: acknowledges invalidations up to {@code ackedBatch} and renews its leases.
     * Answered at once with what is pending (or {@code restarted} when this leader held nothing of
     * the session), else parked until an invalidation comes or a quarter of a lease term passed.
     */
    public CompletableFuture<CacheLeasePollReply> poll(long session, long ackedBatch) {
        CompletableFuture<CacheLeasePollReply> answer = new CompletableFuture<>();
        List<CompletableFuture<Void>> released = new ArrayList<>(0);
        CompletableFuture<CacheLeasePollReply> superseded = null;
        CacheLeasePollReply now = null;
        CacheLeasePollReply empty;
        synchronized (this) {
            if (!leading) {
                return CompletableFuture.failedFuture(new io.wfs.common.error.WfsException(
                        io.wfs.common.error.WfsErrorCode.NOT_LEADER, "leases are served by the group's leader"));
            }
            long t = clock.getAsLong();
            SessionLeases s = sessions.get(session);
            boolean restarted = s == null;
            if (restarted) {
                s = new SessionLeases(session, t);
                sessions.put(session, s);
            }
            s.lastPollNs = t;
            s.ack(ackedBatch, released);
            superseded = s.parked;
            s.parked = null;
            empty = new CacheLeasePollReply(s.ackedBatch, new long[0], leaseNs, false);
            if (restarted) {
                now = new CacheLeasePollReply(0, new long[0], leaseNs, true);
            } else if (!s.pending.isEmpty()) {
                now = s.sendPending(leaseNs);
            } else {
                s.parked = answer;
                SessionLeases parkedOn = s;
                timer.schedule(() -> unpark(parkedOn, answer), Math.max(1, leaseNs / 4), TimeUnit.NANOSECONDS);
            }
        }
        released.forEach(f -> f.complete(null));
        if (superseded != null) {
            superseded.complete(empty);
        }
        if (now != null) {
            answer.complete(now);
        }
        return answer;
    }

    private void unpark(SessionLeases s, CompletableFuture<CacheLeasePollReply> answer) {
        CacheLeasePollReply empty;
        synchronized (this) {
            if (s.parked != answer) {
                return;
            }
            s.parked = null;
            empty = new CacheLeasePollReply(s.ackedBatch, new long[0], leaseNs, false);
        }
        answer.complete(empty);
    }

    /** Sessions that stopped polling for a lease term hold nothing any more: what waited for them goes on. */
    void dropLapsed() {
        List<CompletableFuture<Void>> released = new ArrayList<>();
        synchronized (this) {
            long t = clock.getAsLong();
            contended.sweep(t);
            sessions.values().removeIf(s -> {
                if (t - s.lastPollNs <= leaseNs || s.parked != null) {
                    return false;
                }
                for (LongIterator it = s.keys.iterator(); it.hasNext(); ) {
                    forgetHolder(it.nextLong(), s.session);
                }
                s.waiters.forEach(w -> released.add(w.done()));
                return true;
            });
        }
        released.forEach(f -> f.complete(null));
    }

    private void forgetHolder(long key, long session) {
        LongArraySet hs = holders.get(key);
        if (hs != null && hs.remove(session) && hs.isEmpty()) {
            holders.remove(key);
        }
    }

    /**
     * Sessions with leases here, keys leased and keys leased to nobody because several sessions
     * change them (the gauges meta.cache_leases.sessions / .keys / .contended).
     */
    public synchronized long[] counts() {
        return new long[] {sessions.size(), holders.size(), contended.size()};
    }
}
