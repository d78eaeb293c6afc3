package io.wfs.manager.server;

import io.wfs.common.msg.manager.DrainStoreRequest;
import io.wfs.common.msg.manager.RouteVersionReply;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RequestHandler;
import io.wfs.manager.command.DrainStoreCommand;
import java.util.concurrent.CompletableFuture;

/**
 * {@code DRAIN_STORE} ({@code wfs admin drain-store}): one {@link DrainStoreCommand} through the
 * manager's Raft log; the leader's {@link VolumeReplicator} does the copying. Scoped credentials
 * cannot send it (ScopedAccess lets them reach only the route and status requests).
 */
final class DrainStoreHandler implements RequestHandler<DrainStoreRequest, RouteVersionReply> {
    private final ManagerReplica replica;

    DrainStoreHandler(ManagerReplica replica) {
        this.replica = replica;
    }

    @Override
    public CompletableFuture<RouteVersionReply> handle(DrainStoreRequest req, RequestContext ctx) {
        return replica.propose(new DrainStoreCommand(req.storeNode(), req.drain()))
                .thenApply(version -> new RouteVersionReply((Long) version));
    }
}
