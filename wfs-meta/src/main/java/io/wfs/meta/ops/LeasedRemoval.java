package io.wfs.meta.ops;

import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.OkReply;
import java.util.function.LongConsumer;

/**
 * An operation removing a name (unlink, rmdir, a cross-group removal's step 2) whose answer
 * carries the directory after it ({@code OkReply.dir}): the client may cache that under the
 * directory's lease key.
 */
interface LeasedRemoval<Q extends MetaRequest<OkReply>> extends MetaOperation<Q, OkReply> {
    /** The directory the name was removed from. */
    long directoryOf(Q request);

    @Override
    default void leaseKeys(Q request, OkReply reply, LongConsumer keys) {
        if (reply.dir() != null) {
            keys.accept(directoryOf(request));
        }
    }

    @Override
    default OkReply withLease(OkReply reply) {
        return reply.withLease();
    }
}
