package io.wfs.meta.ops;

import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;

/**
 * One metadata request type. A mutation runs in the group's state machine on every replica,
 * deterministically: everything it needs is in the request and the {@link MetaContext} (the
 * leader's clock reading travels in the log entry). A query runs on the leader only, under the
 * state's read lock, and changes nothing.
 */
public interface MetaOperation<Q extends Request<R>, R extends Response> {
    MessageType type();

    boolean mutates();

    /** False for the steps a coordinator proposes in its own group, which clients may not send. */
    default boolean servedOverRpc() {
        return true;
    }

    /** Executes the request; a refusal is a {@link io.wfs.common.error.WfsException}. */
    R execute(MetaContext ctx, Q request);
}
