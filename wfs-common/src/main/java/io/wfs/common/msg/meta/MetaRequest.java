package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;

/** A request served by a metadata group; every one carries a {@link MetaHeader}. */
public interface MetaRequest<R extends Response> extends Request<R> {
    MetaHeader header();

    /** The inode whose slot decides which group serves this request (the parent for entry operations). */
    long routingIno();

    /**
     * The session that made this change and keeps its own cache right (its reply says what
     * changed): the change's invalidations skip it. The header's session, unless a request says
     * otherwise (ResolveLockRequest).
     */
    default long changingSession() {
        return header().session();
    }
}
