package io.wfs.store.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.BlockWrittenReply;
import io.wfs.common.msg.store.ReplicateBlockRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RequestHandler;
import io.wfs.common.rpc.server.ScopedAccess;
import io.wfs.store.disk.Crc;
import io.wfs.store.disk.VolumeReplica;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The primary's side of a block write: append locally while forwarding to every backup in
 * parallel; answer only when all replicas have the block durably. Any failure fails the write
 * (no partial acknowledgement) and turns the volume read-only here, reported to the listener:
 * writers move to another volume and the manager re-replicates.
 */
final class WriteBlockHandler implements RequestHandler<WriteBlockRequest, BlockWrittenReply> {
    private static final Logger LOG = LoggerFactory.getLogger(WriteBlockHandler.class);

    private final StoreNode node;

    WriteBlockHandler(StoreNode node) {
        this.node = node;
    }

    @Override
    public CompletableFuture<BlockWrittenReply> handle(WriteBlockRequest req, RequestContext ctx) {
        ScopedAccess.checkBlock(ctx, req.blockId());
        return node.replicaForWrite(req.volume()).thenCompose(v -> write(v, req));
    }

    private CompletableFuture<BlockWrittenReply> write(VolumeReplica v, WriteBlockRequest req) {
        String self = node.volumes.selfAddress();
        if (!v.descriptor().primary().equals(self)) {
            throw new WfsException(WfsErrorCode.NOT_LEADER, "this store is not the primary of volume " + req.volume(),
                    v.descriptor().primary(), 0, null);
        }
        if (!v.isWritable()) {
            throw new WfsException(WfsErrorCode.EROFS, "volume " + req.volume() + " is read-only");
        }
        byte[] data = req.data();
        try {
            node.checkRoom(v, data.length);
        } catch (WfsException full) {
            // Writers move to another volume, and the manager seals this one and opens none on a full store.
            retire(v, full.getMessage());
            throw full;
        }
        int crc = Crc.of(data);
        // Refused before anything is forwarded: other bytes under an existing id must not reach the backups.
        v.checkNoConflict(req.blockId(), crc);
        List<CompletableFuture<Void>> replicas = new ArrayList<>();
        for (String backup : v.descriptor().replicas().subList(1, v.descriptor().replicas().size())) {
            replicas.add(node.peers.call(StoreNode.address(backup),
                            new ReplicateBlockRequest(req.volume(), req.blockId(), data, crc, false))
                    .handle((reply, error) -> {
                        if (error != null) {
                            throw new ReplicaFailure(backup, StoreNode.asWfs("backup " + backup, error));
                        }
                        return null;
                    }));
        }
        replicas.add(node.appendLocally(v, req.blockId(), data, crc, false).handle((x, error) -> {
            if (error != null) {
                throw new ReplicaFailure(self, StoreNode.asWfs("local append", error));
            }
            return null;
        }));
        return CompletableFuture.allOf(replicas.toArray(new CompletableFuture<?>[0])).handle((x, error) -> {
            if (error == null) {
                return new BlockWrittenReply(req.volume(), req.blockId(), data.length, crc);
            }
            throw failed(v, req, replicas);
        });
    }

    /** Builds the caller's error and, unless the block merely conflicts with an existing one, retires the volume. */
    private WfsException failed(VolumeReplica v, WriteBlockRequest req, List<CompletableFuture<Void>> replicas) {
        List<ReplicaFailure> failures = new ArrayList<>();
        for (CompletableFuture<Void> f : replicas) {
            try {
                f.join();
            } catch (CompletionException e) {
                ReplicaFailure r = unwrapFailure(e);
                failures.add(r != null ? r : new ReplicaFailure("?", StoreNode.asWfs("replica", e)));
            }
        }
        if (failures.stream().allMatch(r -> r.cause.code() == WfsErrorCode.EEXIST)) {
            return failures.get(0).cause;
        }
        node.replicationFailures.inc();
        String reason = "write of block " + req.blockId() + " failed on "
                + failures.stream().map(Throwable::getMessage).toList();
        retire(v, reason);
        return new WfsException(WfsErrorCode.EROFS, "volume " + req.volume() + " is now read-only: " + reason);
    }

    private void retire(VolumeReplica v, String reason) {
        try {
            node.volumes.markReadOnly(v, reason);
        } catch (IOException e) {
            LOG.error("volume {}: cannot persist the read-only state", v.id(), e);
        }
    }

    private static ReplicaFailure unwrapFailure(Throwable e) {
        for (Throwable cur = e; cur != null; cur = cur.getCause()) {
            if (cur instanceof ReplicaFailure r) {
                return r;
            }
        }
        return null;
    }

    /** One replica's failure, with its address for the error message and the listener. */
    private static final class ReplicaFailure extends RuntimeException {
        final String replica;
        final WfsException cause;

        ReplicaFailure(String replica, WfsException cause) {
            super(replica + ": " + cause.getMessage(), cause, false, false);
            this.replica = replica;
            this.cause = cause;
        }
    }
}
