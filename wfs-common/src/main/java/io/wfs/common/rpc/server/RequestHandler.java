package io.wfs.common.rpc.server;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import java.util.concurrent.CompletableFuture;

/**
 * Serves one message type. The request has been validated ({@link Request#validate()}) before
 * the call. Failing the future with a {@link io.wfs.common.error.WfsException} sends its code
 * to the caller; any other failure is logged and answered INTERNAL.
 */
@FunctionalInterface
public interface RequestHandler<Q extends Request<R>, R extends Response> {
    /** The answer of a handler on the event loop that would have to wait: run it on the worker pool instead. */
    CompletableFuture<Response> BUSY = new CompletableFuture<>() {
        @Override
        public boolean complete(Response value) {
            throw new UnsupportedOperationException("the busy marker never completes");
        }

        @Override
        public boolean completeExceptionally(Throwable ex) {
            throw new UnsupportedOperationException("the busy marker never completes");
        }
    };

    CompletableFuture<R> handle(Q request, RequestContext context);

    /** See {@link Dispatch#EVENT_LOOP_UNLESS_BUSY}. */
    @SuppressWarnings("unchecked")
    static <R extends Response> CompletableFuture<R> busy() {
        return (CompletableFuture<R>) (CompletableFuture<?>) BUSY;
    }
}
