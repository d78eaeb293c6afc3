package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/**
 * A coordinator's cross-group step that acts for a client's request (the lock and the commit of a
 * removal): the client keeps its own cache right, so the step's changes do not recall it.
 */
public interface ActsForClient<R extends Response> extends MetaRequest<R> {
    /** The client session the step acts for; 0 for none (the sweep's resolutions, every undo). */
    long onBehalfOf();

    @Override
    default long changingSession() {
        return onBehalfOf() != 0 ? onBehalfOf() : header().session();
    }
}
