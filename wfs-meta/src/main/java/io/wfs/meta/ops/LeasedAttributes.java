package io.wfs.meta.ops;

import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.meta.lease.LeaseKeys;
import java.util.function.LongConsumer;

/**
 * An operation answering an inode's attributes, which the client may cache under the inode's
 * lease key (docs/metadata.md, "Client caches with leases"): getattr, setattr.
 */
interface LeasedAttributes<Q extends MetaRequest<AttrReply>> extends MetaOperation<Q, AttrReply> {
    @Override
    default void leaseKeys(Q request, AttrReply reply, LongConsumer keys) {
        LeaseKeys.ofAttr(reply.attr(), keys);
    }

    @Override
    default AttrReply withLease(AttrReply reply) {
        return reply.withLease();
    }
}
