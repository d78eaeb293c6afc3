package io.wfs.meta.ops;

import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.meta.lease.LeaseKeys;
import java.util.function.LongConsumer;

/**
 * An operation answering a name of a directory with its inode's attributes (lookup, create,
 * mkdir, symlink, link): the client may cache the name under the directory's lease key and the
 * attributes under the inode's.
 */
interface LeasedEntry<Q extends MetaRequest<AttrReply>> extends LeasedAttributes<Q> {
    /** The directory holding the answered name. */
    long directoryOf(Q request);

    @Override
    default void leaseKeys(Q request, AttrReply reply, LongConsumer keys) {
        keys.accept(directoryOf(request));
        LeaseKeys.ofAttr(reply.attr(), keys);
    }
}
