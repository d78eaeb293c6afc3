package io.wfs.meta.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RequestHandler;
import io.wfs.common.route.SlotMap;
import io.wfs.meta.cross.CrossGroupCoordinator;
import io.wfs.meta.ops.MetaOperation;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The RPC handler of one metadata message type: checks the client's route, finds the group
 * owning the request's routing inode, and hands the request to this node's replica of it.
 */
final class MetaRequestHandler<Q extends MetaRequest<R>, R extends Response> implements RequestHandler<Q, R> {
    private final MessageType type;
    private final MetaOperation<Q, R> operation;
    private final Supplier<SlotMap> slotMap;
    private final Function<String, MetaGroupReplica> replicas;
    private final CrossGroupCoordinator coordinator;

    MetaRequestHandler(MessageType type, MetaOperation<Q, R> operation, Supplier<SlotMap> slotMap,
                       Function<String, MetaGroupReplica> replicas, CrossGroupCoordinator coordinator) {
        this.type = type;
        this.operation = operation;
        this.slotMap = slotMap;
        this.replicas = replicas;
        this.coordinator = coordinator;
    }

    @Override
    @SuppressWarnings("unchecked")
    public CompletableFuture<R> handle(Q request, RequestContext context) {
        SlotMap map = slotMap.get();
        long clientVersion = request.header().routeVersion();
        if (clientVersion != 0 && clientVersion < map.version()) {
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
        CompletableFuture<? extends Response> crossGroup = coordinator.tryCoordinate(replica, request);
        if (crossGroup != null) {
            return (CompletableFuture<R>) crossGroup;
        }
        return (CompletableFuture<R>) (CompletableFuture<?>) replica.execute(type, operation, request);
    }
}
