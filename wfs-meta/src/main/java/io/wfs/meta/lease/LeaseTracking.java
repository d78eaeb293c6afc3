package io.wfs.meta.lease;

import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.Response;
import io.wfs.meta.ops.MetaOperation;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.concurrent.CompletableFuture;

/**
 * Where the group's state machine meets the cache leases: before an apply it starts collecting
 * the lease keys the slots change; after it, it tells the holders of those keys and leases the
 * reply to its client; after a query it leases the answer. The state itself never depends on
 * any of it: followers, and a leader with leases off, return every result as it is.
 * Called under the state lock.
 */
public final class LeaseTracking {
    private final ChangedKeys changed = new ChangedKeys();
    private volatile CacheLeases leases = CacheLeases.disabled();
    /** Replicated through the log and the snapshot: a leader of the group granted leases. */
    private final LeaseMark mark = new LeaseMark();
    /** Leader memory: the directories whose creates a session may answer itself. */
    private final CreateDelegations delegations = new CreateDelegations(() -> leases, mark);

    public ChangedKeys changedKeys() {
        return changed;
    }

    public void use(CacheLeases leases) {
        this.leases = leases;
    }

    public CacheLeases leases() {
        return leases;
    }

    public LeaseMark mark() {
        return mark;
    }

    public CreateDelegations delegations() {
        return delegations;
    }

    public void beginApply() {
        changed.begin(leases.tracking());
    }

    /**
     * The apply's return value: the result as is, or a {@link LeasedOutcome} whose reply waits for
     * the invalidations of what it changed (and is leased to its client). A replayed result is an
     * old answer: never leased.
     */
    public Object afterApply(MetaOperation<?, ?> op, MetaRequest<?> request, Object result, boolean replayed) {
        if (!changed.active()) {
            return result;
        }
        long session = request == null ? 0 : request.changingSession();
        CompletableFuture<Void> before = changed.keys().isEmpty() ? null : leases.invalidate(changed.keys(), session);
        Object reply = result;
        if (op != null && !replayed && result instanceof Response r && !(result instanceof WfsException)) {
            reply = leased(op, request, r);
        }
        return before == null && reply == result ? result : new LeasedOutcome(reply, before);
    }

    /** A query's answer, leased to the asking session when the leader tracks leases. */
    public Response afterQuery(MetaOperation<?, ?> op, MetaRequest<?> request, Response reply) {
        return leases.tracking() ? leased(op, request, reply) : reply;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Response leased(MetaOperation op, MetaRequest<?> request, Response reply) {
        LongArrayList keys = new LongArrayList(2);
        op.leaseKeys(request, reply, keys::add);
        long session = request.header().session();
        for (int i = 0; i < keys.size(); i++) {
            if (delegations.heldByOther(keys.getLong(i), session)) {
                // Another session creates there without asking: a cached view could miss its files.
                return reply;
            }
        }
        if (keys.isEmpty() || !leases.grant(session, keys)) {
            return reply;
        }
        return (Response) op.withLease(reply);
    }

    /** This replica leads from now on; {@code nextSeqs}: each slot's next inode number then (Namespace#nextSeqs). */
    public void leaderStart(Int2LongOpenHashMap nextSeqs) {
        delegations.leaderStart(nextSeqs);
        leases.start(mark.granted());
    }

    public void leaderStop() {
        delegations.clear();
        leases.stop();
    }
}
