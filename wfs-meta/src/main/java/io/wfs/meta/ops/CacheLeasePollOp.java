package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.CacheLeasePollReply;
import io.wfs.common.msg.meta.CacheLeasePollRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.state.InternalCommand;
import java.util.concurrent.CompletableFuture;

/**
 * A client's lease poll (docs/metadata.md, "Client caches with leases"): acknowledges the
 * invalidations it applied, renews its leases in the group, and waits on the leader for the next
 * ones. Served from the leader's memory ({@code CacheLeases}), never from the state: no log
 * entry, no state lock needed.
 */
public final class CacheLeasePollOp implements MetaOperation<CacheLeasePollRequest, CacheLeasePollReply> {
    @Override
    public MessageType type() {
        return MessageType.CACHE_LEASE_POLL;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public CompletableFuture<CacheLeasePollReply> lead(GroupLeader leader, CacheLeasePollRequest request) {
        if (!leader.leads()) {
            return CompletableFuture.failedFuture(leader.replica().notLeader());
        }
        io.wfs.meta.lease.LeaseTracking tracking = leader.replica().machine().leaseTracking();
        if (!tracking.mark().granted()) {
            // Before the group's first grant, every later leader must learn that leases exist.
            return leader.replica().proposeInternal(InternalCommand.LEASES_GRANTED, LeasesGrantedOp.body())
                    .thenCompose(marked -> tracking.leases().poll(request.header().session(), request.ackedBatch()));
        }
        return tracking.leases().poll(request.header().session(), request.ackedBatch());
    }

    @Override
    public CacheLeasePollReply execute(MetaContext ctx, CacheLeasePollRequest request) {
        // Only lead() serves it; a poll never reaches the state.
        throw new WfsException(WfsErrorCode.BAD_REQUEST, "a lease poll is not a state query");
    }
}
