package io.wfs.common.route;

import io.wfs.common.msg.meta.MetaRequest;
import java.util.concurrent.CompletableFuture;

/**
 * What a request of this client must wait for before it leaves ({@link MetaClient#call}): a
 * request about a file this client created under a create delegation waits until the batch that
 * creates it on the servers is applied (the client's AsyncCreates).
 */
public interface RequestGate {
    RequestGate OPEN = request -> null;

    /** Completes when {@code request} may leave; null when it may leave now. */
    CompletableFuture<Void> before(MetaRequest<?> request);

    /** {@code request} (passed through {@link #before}) was answered or failed. */
    default void after(MetaRequest<?> request) {
    }
}
