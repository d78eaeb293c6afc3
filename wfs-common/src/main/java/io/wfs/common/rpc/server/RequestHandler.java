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
    CompletableFuture<R> handle(Q request, RequestContext context);
}
