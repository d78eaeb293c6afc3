package io.wfs.meta.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.HeaderRequest;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RequestHandler;
import io.wfs.common.route.SlotMap;
import io.wfs.meta.cross.CrossGroupSteps;
import io.wfs.meta.ops.GroupLeader;
import io.wfs.meta.ops.MetaOperation;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The RPC handler of one metadata message type, the same for all: checks the client's route,
 * finds this node's replica of the group owning the request's routing inode, and hands the
 * request to its operation's leader step ({@link MetaOperation#lead}), which proposes it, serves
 * it, or coordinates it across groups.
 */
final class MetaRequestHandler<Q extends MetaRequest<R>, R extends Response> implements RequestHandler<Q, R> {
    private final MetaOperation<Q, R> operation;
    private final Supplier<SlotMap> slotMap;
    private final Function<String, MetaGroupReplica> replicas;
    private final CrossGroupSteps steps;
    private final ScopeGuard scopes;

    MetaRequestHandler(MetaOperation<Q, R> operation, Supplier<SlotMap> slotMap,
                       Function<String, MetaGroupReplica> replicas, CrossGroupSteps steps, ScopeGuard scopes) {
        this.operation = operation;
        this.slotMap = slotMap;
        this.replicas = replicas;
        this.steps = steps;
        this.scopes = scopes;
    }

    @Override
    public CompletableFuture<R> handle(Q request, RequestContext context) {
        SlotMap map = slotMap.get();
        long clientVersion = request.header().routeVersion();
        if (operation.checksRouteVersion() && clientVersion != 0 && clientVersion < map.version()) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.STALE_ROUTE,
                    "route version " + clientVersion + " is older than " + map.version(), null, map.version(), null));
        }
        SlotMap.Group group = map.groupOfIno(request.routingIno());
        MetaGroupReplica replica = replicas.apply(group.id());
        if (replica == null) {
            // The client sent this to a node that does not replicate the owning group.
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.STALE_ROUTE,
                    "this node does not serve group " + group.id(), null, map.version(), null));
        }
        long session = request.header().session();
        if (session != 0 && operation.type() != MessageType.ANNOUNCE_OPENS && !replica.machine().announced(session)) {
            // A new leader hears of a session's open files before anything else from it.
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.OPENS_UNKNOWN,
                    "announce the session's open files to the new leader of " + group.id() + " first"));
        }
        CompletableFuture<Void> recalled = replica.machine().leaseTracking().delegations().before(request, operation.type());
        if (recalled != null) {
            // Another session creates in a directory this request names, or a new leader waits out
            // its predecessor's delegations: run once that is over, off the event loop.
            return recalled.thenComposeAsync(done -> handle(request, context.onWorker()));
        }
        Scope scope = context.scope();
        if (scope != null) {
            try {
                if (!enforce(scope, request, replica, context.onEventLoop())) {
                    return RequestHandler.busy();
                }
            } catch (WfsException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        // A query on the event loop holds the state lock only if it is free now: never wait there.
        boolean held = false;
        if (!operation.mutates() && context.onEventLoop()) {
            if (!replica.machine().tryLockState()) {
                return RequestHandler.busy();
            }
            held = true;
        }
        try {
            return operation.lead(new GroupLeader(replica, steps), request);
        } catch (WfsException e) {
            return CompletableFuture.failedFuture(e);
        } finally {
            if (held) {
                replica.machine().unlockState();
            }
        }
    }

    /**
     * A scoped connection's request: root squashed if the scope says so (before the leader step,
     * so the log holds the squashed caller), then every inode it names checked against the scope
     * on this leader's state. False when the state lock is busy on the event loop (run again on a
     * worker); a refusal is thrown.
     */
    private boolean enforce(Scope scope, Q request, MetaGroupReplica replica, boolean onEventLoop) {
        long[] inos = scopes.checkSlots(scope, request);
        if (!replica.raft().isLeader()) {
            // A follower's state may lag behind: it must not refuse an inode the leader just created.
            throw replica.notLeader();
        }
        if (onEventLoop) {
            if (!replica.machine().tryLockState()) {
                return false;
            }
            try {
                replica.machine().read(ns -> {
                    scopes.checkMembership(scope, inos, ns);
                    return null;
                });
            } finally {
                replica.machine().unlockState();
            }
        } else {
            replica.machine().read(ns -> {
                scopes.checkMembership(scope, inos, ns);
                return null;
            });
        }
        if (scope.rootSquash() && request instanceof HeaderRequest<?> h) {
            h.replaceHeader(h.header().rootSquashed(Scope.NOBODY));
        }
        return true;
    }
}
