package io.wfs.store.node;

import java.util.concurrent.CompletableFuture;

/**
 * Brings this store's replicas up to the manager's latest route now, instead of at the next
 * heartbeat. Asked for when a request names a volume this store does not hold yet: the manager
 * placed it moments ago and the client or the primary heard of it first.
 */
@FunctionalInterface
public interface RouteCatchUp {
    /** A standalone store has no manager to catch up with. */
    RouteCatchUp NONE = () -> CompletableFuture.completedFuture(null);

    /** Completes once the newest route this store can get is applied to its replicas. */
    CompletableFuture<Void> catchUp();
}
