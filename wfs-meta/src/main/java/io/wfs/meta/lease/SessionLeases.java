package io.wfs.meta.lease;

import io.wfs.common.msg.meta.CacheLeasePollReply;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongLinkedOpenHashSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What one group's leader knows of one session's cache leases: the keys it holds, the
 * invalidations not yet sent or not yet acknowledged, the poll parked here, and the mutations
 * waiting for the session to acknowledge. Guarded by its {@link CacheLeases}.
 */
final class SessionLeases {
    /** A mutation's reply, waiting until the session acknowledged {@code batch}. */
    record Waiter(long batch, CompletableFuture<Void> done) {
    }

    final long session;
    /** The keys leased to the session, least recently granted first (the first taken back past the bound). */
    final LongLinkedOpenHashSet keys = new LongLinkedOpenHashSet();
    /** Invalidated keys not sent yet. */
    final LongArrayList pending = new LongArrayList();
    /** The keys of the last batch sent, until the session acknowledges it (resent when it does not). */
    long[] sent = new long[0];
    long lastSentBatch;
    long ackedBatch;
    long lastPollNs;
    CompletableFuture<CacheLeasePollReply> parked;
    final List<Waiter> waiters = new ArrayList<>(0);

    SessionLeases(long session, long nowNs) {
        this.session = session;
        this.lastPollNs = nowNs;
    }

    /** The batch that will carry what is pending now. */
    long nextBatch() {
        return lastSentBatch + 1;
    }

    /** A parked poll taken off its session with its answer; completed outside the leases' monitor. */
    record Unparked(CompletableFuture<CacheLeasePollReply> poll, CacheLeasePollReply reply) {
        void answer() {
            poll.complete(reply);
        }
    }

    /** The parked poll, answered with what is pending now, or null when no poll is parked. */
    Unparked unparkWithPending(long leaseNs) {
        if (parked == null) {
            return null;
        }
        Unparked u = new Unparked(parked, sendPending(leaseNs));
        parked = null;
        return u;
    }

    /** Sends what is pending as the next batch; the caller completes the returned poll after leaving the monitor. */
    CacheLeasePollReply sendPending(long leaseNs) {
        lastSentBatch++;
        sent = pending.toLongArray();
        pending.clear();
        return new CacheLeasePollReply(lastSentBatch, sent, leaseNs, false);
    }

    /** Acknowledged up to {@code batch}: the waiters it releases, added to {@code released}. */
    void ack(long batch, List<CompletableFuture<Void>> released) {
        if (batch >= lastSentBatch) {
            sent = new long[0];
        } else if (sent.length > 0) {
            // The last batch never reached the client (its poll failed): send it again.
            pending.addElements(pending.size(), sent);
            sent = new long[0];
        }
        ackedBatch = Math.max(ackedBatch, Math.min(batch, lastSentBatch));
        waiters.removeIf(w -> {
            if (w.batch() <= ackedBatch) {
                released.add(w.done());
                return true;
            }
            return false;
        });
    }
}
