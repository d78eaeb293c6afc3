package io.wfs.meta.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AckDeletionsRequest;
import io.wfs.common.msg.meta.BlockListReply;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.PendingDeletionsRequest;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.server.Dispatch;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.meta.state.InternalCommand;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How the stores drain a group's deletion queue: read the oldest pending blocks on the leader,
 * delete them, then acknowledge, which removes them through Raft. A block is deleted at least
 * once, never forgotten: until acknowledged it stays queued across leader changes.
 */
final class DeletionQueueHandlers {
    private DeletionQueueHandlers() {
    }

    static void register(HandlerRegistry handlers, Supplier<SlotMap> slotMap, Function<String, MetaGroupReplica> replicas) {
        handlers.register(PendingDeletionsRequest.class, (req, ctx) -> {
            MetaGroupReplica r = replica(slotMap.get(), replicas, req.slot());
            if (!r.raft().isLeader()) {
                return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.NOT_LEADER,
                        "not the leader of " + r.groupId()));
            }
            return CompletableFuture.completedFuture(new BlockListReply(r.machine().pendingDeletions(req.max())));
        }, Dispatch.WORKER);
        handlers.register(AckDeletionsRequest.class, (req, ctx) -> {
            MetaGroupReplica r = replica(slotMap.get(), replicas, req.slot());
            ByteBuffer body = ByteBuffer.allocate(8 + 8 * req.blockIds().length).putLong(req.blockIds().length);
            for (long id : req.blockIds()) {
                body.putLong(id);
            }
            return r.proposeInternal(InternalCommand.ACK_DELETIONS, body.array()).thenApply(n -> OkReply.INSTANCE);
        }, Dispatch.EVENT_LOOP);
    }

    private static MetaGroupReplica replica(SlotMap map, Function<String, MetaGroupReplica> replicas, int slot) {
        MetaGroupReplica r = replicas.apply(map.groupOfSlot(slot).id());
        if (r == null) {
            throw new WfsException(WfsErrorCode.STALE_ROUTE, "this node does not serve slot " + slot, null, map.version(), null);
        }
        return r;
    }
}
