package io.wfs.meta.ops;

import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Response;
import java.util.concurrent.CompletableFuture;

/**
 * One metadata request type, the whole of its story, registered in {@link MetaOperations}:
 * <ol>
 * <li>{@link #lead} runs once, on the leader of the group owning the request's routing inode,
 *     before any Raft entry: the non-deterministic part (the leader's clock, checks that refuse
 *     early, coordination with other groups when the request's inodes span groups). By default
 *     the request goes on as it came: one log entry, or a query of the leader's state.</li>
 * <li>{@link #execute} is the deterministic apply: a mutation runs in the group's state machine on
 *     every replica, with everything it needs in the request and the {@link MetaContext} (the
 *     leader's clock reading travels in the log entry). A query runs on the leader only, under
 *     the state lock, and changes nothing.</li>
 * </ol>
 */
public interface MetaOperation<Q extends MetaRequest<R>, R extends Response> {
    MessageType type();

    boolean mutates();

    /**
     * False for a query that may take milliseconds (a page of thousands of records): it runs on
     * the worker pool, never on a network event loop, even when the state lock is free.
     */
    default boolean answersInMicroseconds() {
        return true;
    }

    /** False for the steps a coordinator proposes in its own group, which clients may not send. */
    default boolean servedOverRpc() {
        return true;
    }

    /**
     * False for requests served by slot whatever the sender's route version (the stores draining
     * deletion queues); the others are answered STALE_ROUTE when built on an older slot map.
     */
    default boolean checksRouteVersion() {
        return true;
    }

    /**
     * The leader-side step (see the class comment); a refusal may be thrown as a
     * {@link io.wfs.common.error.WfsException}. Also called on a replica that does not lead: it then
     * answers NOT_LEADER through {@link GroupLeader#inThisGroup}.
     */
    default CompletableFuture<R> lead(GroupLeader leader, Q request) {
        return leader.inThisGroup(this, request);
    }

    /** The deterministic apply (or the query); a refusal is a {@link io.wfs.common.error.WfsException}. */
    R execute(MetaContext ctx, Q request);

    /**
     * A resend of an applied mutation, answered from its recorded outcome ({@code recorded}: the
     * reply, or the WfsException) instead of running {@link #execute} again. Only what lives
     * outside the replicated state may need this (the leader's memory of opens); by default nothing.
     */
    default void replayed(MetaContext ctx, Q request, Object recorded) {
    }

    /**
     * The cache-lease keys ({@link io.wfs.meta.lease.LeaseKeys}) under which the asking client may
     * cache this answer, if the leader grants it a lease (docs/metadata.md, "Client caches with
     * leases"); none by default: the answer is not cached beyond {@code client.attr-ttl}.
     */
    default void leaseKeys(Q request, R reply, java.util.function.LongConsumer keys) {
    }

    /** The answer marked as leased, for the operations that name lease keys (a copy). */
    default R withLease(R reply) {
        return reply;
    }
}
