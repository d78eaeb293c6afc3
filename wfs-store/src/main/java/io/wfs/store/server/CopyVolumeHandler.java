package io.wfs.store.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.BlockListReply;
import io.wfs.common.msg.store.CopyVolumeRequest;
import io.wfs.common.msg.store.ListBlocksRequest;
import io.wfs.common.msg.store.ReadBlockReply;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.StoreLimits;
import io.wfs.common.msg.store.VolumeInfoReply;
import io.wfs.common.rpc.server.RequestContext;
import io.wfs.common.rpc.server.RequestHandler;
import io.wfs.store.disk.Crc;
import io.wfs.store.disk.VolumeReplica;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Re-replication onto this store: create a read-only replica and pull every live block from a
 * healthy replica, page by page, checking each CRC. Runs on its own executor (it may take long)
 * and answers once every block is durable here. The manager's re-replication sends it
 * (docs/manager.md); a copy sent again after one was cut short skips the blocks it has.
 */
final class CopyVolumeHandler implements RequestHandler<CopyVolumeRequest, VolumeInfoReply> {
    private static final Logger LOG = LoggerFactory.getLogger(CopyVolumeHandler.class);
    private static final int PAGE = 1024;

    private final StoreNode node;
    private final ExecutorService copier;

    CopyVolumeHandler(StoreNode node, ExecutorService copier) {
        this.node = node;
        this.copier = copier;
    }

    @Override
    public CompletableFuture<VolumeInfoReply> handle(CopyVolumeRequest req, RequestContext ctx) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return copy(req);
            } catch (WfsException e) {
                throw e;
            } catch (Exception e) {
                throw new WfsException(WfsErrorCode.EIO, "copying volume " + req.volume() + ": " + e, e);
            }
        }, copier);
    }

    private VolumeInfoReply copy(CopyVolumeRequest req) throws Exception {
        VolumeReplica v = node.volumes.assignCopy(req.volume(), Arrays.asList(req.replicas()));
        InetSocketAddress source = StoreNode.address(req.source());
        long after = 0;
        long copied = 0;
        while (true) {
            BlockListReply page = node.peers.call(source, new ListBlocksRequest(req.volume(), after, PAGE)).get();
            for (long id : page.blockIds()) {
                if (v.location(id) != 0) {
                    continue; // an earlier copy that was cut short brought it already
                }
                ReadBlockReply block;
                try {
                    block = node.peers.call(source,
                            new ReadBlockRequest(req.volume(), id, 0, StoreLimits.MAX_BLOCK_BYTES, false)).get();
                } catch (ExecutionException e) {
                    if (deletedSinceListed(source, req.volume(), id, e)) {
                        continue;
                    }
                    throw e;
                }
                if (Crc.of(block.data()) != block.crc()) {
                    throw new WfsException(WfsErrorCode.EIO, "block " + id + " from " + req.source() + " fails its CRC");
                }
                node.appendLocally(v, id, block.data(), block.crc(), false).get();
                copied++;
            }
            if (page.blockIds().length < PAGE) {
                break;
            }
            after = page.blockIds()[page.blockIds().length - 1];
        }
        LOG.info("volume {}: {} blocks copied from {}", req.volume(), copied, req.source());
        return StoreNode.info(v);
    }

    /**
     * Whether a read that failed with ENOENT means the block was deleted after the listing (skip it)
     * rather than that the source lost the whole volume (the copy must fail, not end up empty): the
     * source lists the volume again, and the block is no longer in it.
     */
    private boolean deletedSinceListed(InetSocketAddress source, int volume, long id, ExecutionException readFailure)
            throws Exception {
        if (!(readFailure.getCause() instanceof WfsException w) || w.code() != WfsErrorCode.ENOENT) {
            return false;
        }
        long[] next = node.peers.call(source, new ListBlocksRequest(volume, id - 1, 1)).get().blockIds();
        return next.length == 0 || next[0] != id;
    }
}
