package io.wfs.store.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.BlockWrittenReply;
import io.wfs.common.msg.store.ReplicateBlockRequest;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RequestHandler;
import io.wfs.store.disk.Crc;
import io.wfs.store.disk.VolumeReplica;
import java.util.concurrent.CompletableFuture;

/** A backup's side of a write (and the target of repairs): check the CRC, append, answer once durable. */
final class ReplicateBlockHandler implements RequestHandler<ReplicateBlockRequest, BlockWrittenReply> {
    private final StoreNode node;

    ReplicateBlockHandler(StoreNode node) {
        this.node = node;
    }

    @Override
    public CompletableFuture<BlockWrittenReply> handle(ReplicateBlockRequest req, RequestContext ctx) {
        return node.replicaForWrite(req.volume()).thenCompose(v -> append(v, req));
    }

    private CompletableFuture<BlockWrittenReply> append(VolumeReplica v, ReplicateBlockRequest req) {
        if (!req.repair() && !v.isWritable()) {
            throw new WfsException(WfsErrorCode.EROFS, "volume " + req.volume() + " is read-only on this store");
        }
        if (!req.repair()) {
            // A repair may use the reserve: it replaces a damaged copy of data already acknowledged.
            node.checkRoom(v, req.data().length);
        }
        if (Crc.of(req.data()) != req.crc()) {
            throw new WfsException(WfsErrorCode.EIO, "block " + req.blockId() + " arrived damaged (CRC mismatch)");
        }
        return node.appendLocally(v, req.blockId(), req.data(), req.crc(), req.repair()).handle((x, error) -> {
            if (error != null) {
                throw StoreNode.asWfs("append of block " + req.blockId(), error);
            }
            return new BlockWrittenReply(req.volume(), req.blockId(), req.data().length, req.crc());
        });
    }
}
