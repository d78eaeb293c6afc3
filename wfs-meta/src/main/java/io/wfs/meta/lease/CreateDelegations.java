package io.wfs.meta.lease;

import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeNumbers;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongList;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * The create delegations one group's leader has granted (docs/metadata.md, "Asynchronous
 * creates"): directory → the session that may create files in it without asking first. Leader
 * memory only. Before the leader serves another session's request that names a delegated
 * directory ({@link #before}), it recalls the delegation: the holder hears of it as a cache
 * invalidation of the directory through its lease poll, sends the files it created there and
 * only then acknowledges, so the request runs on a state that has every file the holder's
 * applications were told exists. A holder that stopped polling has lapsed: nothing waits for it.
 *
 * <p>A new leader knows no delegations: in a group that ever had one ({@link LeaseMark#delegated})
 * every request but a holder's batch of creates waits out the takeover hold first, the time in
 * which a holder of the old leader still sends what it created.
 */
public final class CreateDelegations {
    private final Supplier<CacheLeases> leases;
    private final LeaseMark mark;
    private final Long2ObjectOpenHashMap<Delegation> byDir = new Long2ObjectOpenHashMap<>();
    /** Read without the lock on every request: most groups have no delegation at most times. */
    private volatile boolean empty = true;
    /** Each slot's next inode number when this replica's term as leader began (leaderStart). */
    private Int2LongOpenHashMap nextSeqAtTermStart = new Int2LongOpenHashMap();

    private static final class Delegation {
        final long session;
        /** Ranges granted to it here, as (first inode, count) pairs. */
        final LongArrayList ranges = new LongArrayList(2);
        CompletableFuture<Void> recall;

        Delegation(long session) {
            this.session = session;
        }
    }

    public CreateDelegations(Supplier<CacheLeases> leases, LeaseMark mark) {
        this.leases = leases;
        this.mark = mark;
    }

    /**
     * Records {@code session} as the holder of {@code dir}, with a lease on it so the recall
     * reaches it; false when another session holds or is giving it back, or the session does
     * not poll for leases here (it could never hear of a recall).
     */
    public synchronized boolean register(long dir, long session) {
        Delegation d = byDir.get(dir);
        if (d != null) {
            return d.session == session && d.recall == null;
        }
        if (!leases.get().grant(session, LongList.of(dir))) {
            return false;
        }
        byDir.put(dir, new Delegation(session));
        empty = false;
        return true;
    }

    /**
     * Registers {@code session} as the holder of each of {@code dirs}, directories its batch is
     * about to make (docs/metadata.md, "Asynchronous rmdir"); returns those registered: none
     * beyond {@link #MAX_HELD_NEW} delegations on this leader, or when the session does not poll.
     */
    public synchronized long[] registerNew(long[] dirs, long session) {
        int n = 0;
        long[] held = new long[dirs.length];
        for (long dir : dirs) {
            if (byDir.size() < MAX_HELD_NEW && register(dir, session)) {
                held[n++] = dir;
            }
        }
        return java.util.Arrays.copyOf(held, n);
    }

    /** Delegations registered for directories made in a batch, at most: the leader's memory for them stays bounded. */
    static final int MAX_HELD_NEW = 262_144;

    /** The batch's entry failed: the delegations it registered go. */
    public synchronized void unregisterAll(long[] dirs, long session) {
        for (long dir : dirs) {
            unregister(dir, session);
        }
    }

    /** The grant's entry failed, or the directory went: the delegation it registered goes. */
    public synchronized void unregister(long dir, long session) {
        Delegation d = byDir.get(dir);
        if (d != null && d.session == session && d.recall == null && d.ranges.isEmpty()) {
            remove(dir);
        }
    }

    /** The inodes {@code first} .. {@code first + count - 1} were reserved for the holder of {@code dir}. */
    public synchronized void granted(long dir, long session, long first, int count) {
        Delegation d = byDir.get(dir);
        if (count > 0 && d != null && d.session == session) {
            d.ranges.add(first);
            d.ranges.add(count);
        }
    }

    /**
     * Whether {@code session} may create {@code inos} in {@code dir} as far as this leader knows:
     * false only for a number handed out in this leader's term outside every range it granted the
     * session there. A number handed out before this term may come from an earlier leader's grant
     * to the same session (its batch still in flight when the leader changed, perhaps applied
     * already and now resent): this leader cannot know, and leaves the check to the apply
     * (reserved and unused numbers). Refusing it would tell the client that files it acknowledged
     * are lost. A leader that granted nothing leaves every number to the apply.
     */
    public synchronized boolean mayUse(long dir, long session, long[] inos) {
        Delegation d = byDir.get(dir);
        if (d == null || d.session != session) {
            return true;
        }
        for (long ino : inos) {
            if (handedOutBeforeThisTerm(ino)) {
                continue;
            }
            boolean inRange = false;
            for (int i = 0; i < d.ranges.size() && !inRange; i += 2) {
                long first = d.ranges.getLong(i);
                inRange = Long.compareUnsigned(ino, first) >= 0 && Long.compareUnsigned(ino - first, d.ranges.getLong(i + 1)) < 0;
            }
            if (!inRange && !d.ranges.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private boolean handedOutBeforeThisTerm(long ino) {
        int slot = InodeNumbers.slotOf(ino);
        // A slot that came here during the term has no mark: its numbers are the apply's to check.
        return !nextSeqAtTermStart.containsKey(slot)
                || InodeNumbers.seqOf(ino) < nextSeqAtTermStart.get(slot);
    }

    /** True when a session other than {@code session} holds {@code dir}: its view must not be leased to {@code session}. */
    public boolean heldByOther(long dir, long session) {
        if (empty) {
            return false;
        }
        synchronized (this) {
            Delegation d = byDir.get(dir);
            return d != null && d.session != session;
        }
    }

    /**
     * What {@code request} must wait for before it runs on this leader, or null: the recall of
     * every directory it names that another session holds, and in a group that ever delegated,
     * the takeover hold of a new leader.
     */
    public CompletableFuture<Void> before(MetaRequest<?> request, MessageType type) {
        if (exempt(type)) {
            return null;
        }
        CompletableFuture<Void> hold = mark.delegated() ? leases.get().takeoverHold() : null;
        if (empty) {
            return hold;
        }
        long[] named = request.namedInodes();
        if (named == null) {
            named = new long[] {request.routingIno()};
        }
        long session = request.header().session();
        CompletableFuture<Void> wait = hold;
        for (long ino : named) {
            CompletableFuture<Void> recall = recall(ino, session);
            if (recall != null) {
                wait = wait == null ? recall : CompletableFuture.allOf(wait, recall);
            }
        }
        return wait;
    }

    /** Requests that never wait: the holders' own batches and the session's housekeeping. */
    private static boolean exempt(MessageType type) {
        return type == MessageType.CREATE_BATCH || type == MessageType.CACHE_LEASE_POLL
                || type == MessageType.SESSION_HEARTBEAT || type == MessageType.ANNOUNCE_OPENS || type == MessageType.CLOSE
                || type == MessageType.CLOSE_BATCH;
    }

    /**
     * Recalls {@code dir}'s delegation from whichever session holds it, even from the session
     * whose request asks (a change of what may be delegated there); null when nobody holds it.
     */
    public CompletableFuture<Void> recallFromHolder(long dir) {
        return recall(dir, NO_SESSION);
    }

    /** No client's session: {@link #recallFromHolder} spares nobody. */
    private static final long NO_SESSION = Long.MIN_VALUE;

    private synchronized CompletableFuture<Void> recall(long dir, long bySession) {
        Delegation d = byDir.get(dir);
        if (d == null || d.session == bySession) {
            return null;
        }
        if (d.recall != null) {
            return d.recall;
        }
        CompletableFuture<Void> told = leases.get().invalidate(LongList.of(dir), bySession);
        if (told == null) {
            // The holder no longer holds a lease here (it lapsed): nothing of it can still arrive.
            remove(dir);
            return null;
        }
        d.recall = told.whenComplete((x, e) -> removeIfRecalled(dir, d));
        return d.recall;
    }

    private synchronized void removeIfRecalled(long dir, Delegation d) {
        if (byDir.get(dir) == d) {
            remove(dir);
        }
    }

    private void remove(long dir) {
        byDir.remove(dir);
        empty = byDir.isEmpty();
    }

    /**
     * This replica leads from now on, with no delegation yet; {@code nextSeqs} (slot -> next inode
     * number) marks which numbers earlier leaders handed out.
     */
    public synchronized void leaderStart(Int2LongOpenHashMap nextSeqs) {
        clear();
        nextSeqAtTermStart = nextSeqs;
    }

    /** This replica stopped leading: its delegations are void (the holders hear so through their polls). */
    public synchronized void clear() {
        byDir.clear();
        empty = true;
    }

    /** Directories delegated now (the gauge meta.create_delegations). */
    public synchronized int count() {
        return byDir.size();
    }
}
