package io.wfs.store.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.ReadBlockReply;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.StoreLimits;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RequestHandler;
import io.wfs.common.rpc.server.ScopedAccess;
import io.wfs.store.disk.BlockLocation;
import io.wfs.store.disk.CorruptBlockException;
import io.wfs.store.disk.Crc;
import io.wfs.store.disk.VolumeReplica;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a byte range of a block from this replica. The whole block is read so its CRC can be
 * checked on every read; on a mismatch the block is fetched from the other replicas in turn,
 * checked, returned, and written here as a fresh copy (the bad one becomes garbage for GC).
 */
final class ReadBlockHandler implements RequestHandler<ReadBlockRequest, ReadBlockReply> {
    private static final Logger LOG = LoggerFactory.getLogger(ReadBlockHandler.class);

    private final StoreNode node;

    ReadBlockHandler(StoreNode node) {
        this.node = node;
    }

    @Override
    public CompletableFuture<ReadBlockReply> handle(ReadBlockRequest req, RequestContext ctx) {
        ScopedAccess.checkBlock(ctx, req.blockId());
        VolumeReplica v = node.volumes.require(req.volume());
        try {
            byte[] block = v.read(req.blockId());
            node.readBytes.inc(block.length);
            return CompletableFuture.completedFuture(slice(req, block, Crc.of(block)));
        } catch (CorruptBlockException e) {
            node.crcMismatches.inc();
            LOG.warn("{}; reading it from another replica", e.getMessage());
            if (req.fromPeer()) {
                throw new WfsException(WfsErrorCode.EIO, e.getMessage());
            }
            long loc = v.location(req.blockId());
            int expectedCrc = v.crcOf(req.blockId());
            return repair(v, req, BlockLocation.length(loc), expectedCrc, otherReplicas(v), 0);
        } catch (IOException e) {
            throw new WfsException(WfsErrorCode.EIO, "reading block " + req.blockId() + ": " + e.getMessage(), e);
        }
    }

    private List<String> otherReplicas(VolumeReplica v) {
        String self = node.volumes.selfAddress();
        return v.descriptor().replicas().stream().filter(r -> !r.equals(self)).toList();
    }

    private CompletableFuture<ReadBlockReply> repair(VolumeReplica v, ReadBlockRequest req, int length, int crc,
                                                     List<String> others, int i) {
        return fetchGoodCopy(req, length, crc, others, i).thenCompose(good ->
                node.appendLocally(v, req.blockId(), good, crc, true).handle((x, error) -> {
                    if (error != null) {
                        LOG.error("volume {}: repairing block {} failed", req.volume(), req.blockId(), error);
                    } else {
                        node.repairs.inc();
                        LOG.info("volume {}: block {} repaired", req.volume(), req.blockId());
                    }
                    return slice(req, good, crc);
                }));
    }

    /** Asks replica {@code i}, then the following ones, until one returns the block with the expected CRC. */
    private CompletableFuture<byte[]> fetchGoodCopy(ReadBlockRequest req, int length, int crc, List<String> others, int i) {
        if (i >= others.size()) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.EIO,
                    "block " + req.blockId() + " of volume " + req.volume() + " is damaged here and no replica has a good copy"));
        }
        ReadBlockRequest whole = new ReadBlockRequest(req.volume(), req.blockId(), 0, StoreLimits.MAX_BLOCK_BYTES, true);
        return node.peers.call(StoreNode.address(others.get(i)), whole).handle((reply, error) -> {
            if (error == null && reply.data().length == length && Crc.of(reply.data()) == crc) {
                return CompletableFuture.completedFuture(reply.data());
            }
            LOG.warn("volume {}: replica {} has no good copy of block {}: {}", req.volume(), others.get(i),
                    req.blockId(), error == null ? "CRC mismatch" : error.getMessage());
            return fetchGoodCopy(req, length, crc, others, i + 1);
        }).thenCompose(f -> f);
    }

    private static ReadBlockReply slice(ReadBlockRequest req, byte[] block, int crc) {
        int from = Math.min(req.offset(), block.length);
        int to = (int) Math.min((long) from + req.length(), block.length);
        byte[] data = from == 0 && to == block.length ? block : Arrays.copyOfRange(block, from, to);
        return new ReadBlockReply(data, block.length, crc);
    }
}
