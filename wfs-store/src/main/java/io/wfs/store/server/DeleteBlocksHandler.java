package io.wfs.store.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.DeleteBlocksReply;
import io.wfs.common.msg.store.DeleteBlocksRequest;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RequestHandler;
import io.wfs.store.disk.DeletedSpace;
import io.wfs.store.disk.Extent;
import io.wfs.store.disk.VolumeReplica;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Tombstones blocks in the named volume or, for volume 0, in whichever local volume holds them.
 * Idempotent. The tombstones are fsynced before the answer (the deletion queue forgets a block
 * once acknowledged, so a lost tombstone would leak its space until the orphan scan), then the
 * blocks' pages are punched out of their extents, so the space is back when the answer leaves.
 */
final class DeleteBlocksHandler implements RequestHandler<DeleteBlocksRequest, DeleteBlocksReply> {
    private final StoreNode node;

    DeleteBlocksHandler(StoreNode node) {
        this.node = node;
    }

    @Override
    public CompletableFuture<DeleteBlocksReply> handle(DeleteBlocksRequest req, RequestContext ctx) {
        List<VolumeReplica> targets = req.volume() == DeleteBlocksRequest.ANY_VOLUME
                ? node.volumes.all() : List.of(node.volumes.require(req.volume()));
        List<Extent> touched = new ArrayList<>();
        int deleted = 0;
        try {
            for (VolumeReplica v : targets) {
                deleted += v.delete(req.blockIds(), touched);
            }
            DeletedSpace.commit(touched);
        } catch (IOException e) {
            throw new WfsException(WfsErrorCode.EIO, "deleting blocks: " + e.getMessage(), e);
        }
        node.deletedBlocks.inc(deleted);
        return CompletableFuture.completedFuture(new DeleteBlocksReply(deleted));
    }
}
