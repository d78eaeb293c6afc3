package io.wfs.store.server;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.BlockListReply;
import io.wfs.common.msg.store.CheckBlocksRequest;
import io.wfs.common.msg.store.CreateVolumeRequest;
import io.wfs.common.msg.store.ListBlocksRequest;
import io.wfs.common.msg.store.SealVolumeRequest;
import io.wfs.common.msg.store.VolumeInfoRequest;
import io.wfs.common.rpc.server.Dispatch;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.store.disk.BlockLocation;
import io.wfs.store.disk.VolumeReplica;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;

/** Volume administration: assign (create) a replica, seal it, describe it, list its blocks, check blocks it should hold. */
final class VolumeAdminHandlers {
    private VolumeAdminHandlers() {
    }

    static void register(HandlerRegistry handlers, StoreNode node) {
        handlers.register(CreateVolumeRequest.class, (req, ctx) -> {
            try {
                node.volumes.assign(req.volume(), Arrays.asList(req.replicas()), req.writable());
            } catch (IOException e) {
                throw new WfsException(WfsErrorCode.EIO, "creating volume " + req.volume() + ": " + e.getMessage(), e);
            }
            return CompletableFuture.completedFuture(StoreNode.info(node.volumes.require(req.volume())));
        }, Dispatch.WORKER);
        handlers.register(SealVolumeRequest.class, (req, ctx) -> {
            var v = node.volumes.require(req.volume());
            try {
                node.volumes.markReadOnly(v, "sealed on request");
                v.sealActive();
            } catch (IOException e) {
                throw new WfsException(WfsErrorCode.EIO, "sealing volume " + req.volume() + ": " + e.getMessage(), e);
            }
            return CompletableFuture.completedFuture(StoreNode.info(v));
        }, Dispatch.WORKER);
        handlers.register(VolumeInfoRequest.class, (req, ctx) ->
                CompletableFuture.completedFuture(StoreNode.info(node.volumes.require(req.volume()))), Dispatch.WORKER);
        handlers.register(ListBlocksRequest.class, (req, ctx) -> CompletableFuture.completedFuture(
                new BlockListReply(node.volumes.require(req.volume()).liveBlocksAfter(req.afterBlockId(), req.max()))),
                Dispatch.WORKER);
        handlers.register(CheckBlocksRequest.class, (req, ctx) -> CompletableFuture.completedFuture(
                new BlockListReply(missing(node.volumes.require(req.volume()), req.blockIds()))), Dispatch.WORKER);
    }

    /** The ids of {@code blockIds} that {@code v} holds no live copy of. */
    private static long[] missing(VolumeReplica v, long[] blockIds) {
        return Arrays.stream(blockIds).filter(id -> {
            long location = v.location(id);
            return location == 0 || BlockLocation.isDeleted(location);
        }).toArray();
    }
}
