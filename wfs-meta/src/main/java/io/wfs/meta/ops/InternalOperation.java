package io.wfs.meta.ops;

import java.nio.ByteBuffer;

/**
 * A command a group's leader proposes for itself, registered in {@link MetaOperations} beside
 * the request types: a negative log type ({@link io.wfs.meta.state.InternalCommand}), never sent
 * by a client, with a compact body of its own. {@link #apply} runs on every replica and is
 * deterministic (the time is the leader's, from the log entry: {@link MetaContext#timeNs}).
 */
public interface InternalOperation {
    /** The log type, one of {@link io.wfs.meta.state.InternalCommand}'s. */
    short command();

    /** Applies the command; the result goes back to the proposer. */
    Object apply(MetaContext ctx, ByteBuffer body);
}
