package io.wfs.store.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.ReadBlockReply;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RequestHandler;
import io.wfs.common.rpc.server.ScopedAccess;
import io.wfs.store.disk.CorruptBlockException;
import io.wfs.store.disk.BlockRange;
import io.wfs.store.disk.VolumeReplica;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a byte range of a block from this replica, reading and checking only the 64 KiB chunks
 * the range covers (a block of the old format: the whole block); on a mismatch the whole block
 * comes from another replica through {@link BlockRepair}, which also writes it here as a fresh
 * copy, and the range is cut from it. A peer's read
 * ({@code fromPeer}) of a damaged copy gets EIO instead: it is itself repairing.
 *
 * <p>Registered {@link io.wfs.common.rpc.server.Dispatch#EVENT_LOOP_UNLESS_BUSY}: on the event loop
 * it answers only a range the page cache holds whole ({@link VolumeReplica#readIfCached}); one that
 * needs the disk, a locked index or a repair is {@link RequestHandler#busy()} and runs again on the
 * worker pool, so the event loop never waits on a disk.
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
        if (ctx.onEventLoop()) {
            return fromPageCache(v, req);
        }
        try {
            BlockRange range = v.read(req.blockId(), req.offset(), req.length());
            node.readBytes.inc(range.diskBytes());
            return CompletableFuture.completedFuture(new ReadBlockReply(range.data(), range.blockLength(), range.crc()));
        } catch (CorruptBlockException e) {
            node.crcMismatches.inc();
            if (req.fromPeer()) {
                LOG.warn("{}; a peer asked for it", e.getMessage());
                throw new WfsException(WfsErrorCode.EIO, e.getMessage());
            }
            LOG.warn("{}; reading it from another replica", e.getMessage());
            return node.repair.repair(v, req.blockId(), e.location(), e.expectedCrc())
                    .thenApply(good -> slice(req, good, e.expectedCrc()));
        } catch (IOException e) {
            throw new WfsException(WfsErrorCode.EIO, "reading block " + req.blockId() + ": " + e.getMessage(), e);
        }
    }

    private CompletableFuture<ReadBlockReply> fromPageCache(VolumeReplica v, ReadBlockRequest req) {
        BlockRange range;
        try {
            range = v.readIfCached(req.blockId(), req.offset(), req.length());
        } catch (CorruptBlockException | IOException e) {
            range = null; // the worker reads it again, and repairs or reports it there
        }
        if (range == null) {
            return RequestHandler.busy();
        }
        node.readBytes.inc(range.diskBytes());
        node.pageCacheReads.inc();
        return CompletableFuture.completedFuture(new ReadBlockReply(range.data(), range.blockLength(), range.crc()));
    }

    private static ReadBlockReply slice(ReadBlockRequest req, byte[] block, int crc) {
        int from = Math.min(req.offset(), block.length);
        int to = (int) Math.min((long) from + req.length(), block.length);
        byte[] data = from == 0 && to == block.length ? block : Arrays.copyOfRange(block, from, to);
        return new ReadBlockReply(data, block.length, crc);
    }
}
