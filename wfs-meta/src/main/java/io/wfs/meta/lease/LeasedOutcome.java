package io.wfs.meta.lease;

import io.wfs.common.error.WfsException;
import java.util.concurrent.CompletableFuture;

/**
 * An applied mutation as the leader's proposer gets it back when leases are involved: the result
 * every replica recorded, the reply to send (a leased copy when the leader granted the client a
 * lease on it), and what the reply must wait for (other sessions acknowledging invalidations).
 * Leader memory only: followers drop it with the rest of an apply's return value.
 */
public record LeasedOutcome(Object reply, CompletableFuture<Void> before) {

    /** What a proposal's future completes with: the reply once its invalidations are through. */
    public static CompletableFuture<Object> settle(Object applied) {
        if (!(applied instanceof LeasedOutcome o)) {
            return CompletableFuture.completedFuture(applied);
        }
        CompletableFuture<Void> wait = o.before == null ? CompletableFuture.completedFuture(null) : o.before;
        return wait.thenCompose(x -> o.reply instanceof WfsException e
                ? CompletableFuture.failedFuture(e) : CompletableFuture.completedFuture(o.reply));
    }
}
