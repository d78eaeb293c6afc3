package io.wfs.client.data;

import io.wfs.client.route.ClusterView;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.rpc.client.RpcClient;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Blocks to and from the stores. An upload goes to the primary of a writable volume, which
 * answers once every replica has it; a failed upload moves to another volume under a fresh block
 * id (the half-written copy stays unreferenced, and the store reclaims it as an orphan), so the
 * caller sees an error only when no volume can take the data. A read tries the replicas from a
 * random one on, so readers spread over them; a store that fails or holds a bad copy is skipped.
 */
public final class BlockStoreClient {
    private static final Logger LOG = LoggerFactory.getLogger(BlockStoreClient.class);
    /**
     * Distinct volumes one block tries before the write fails, unless they failed by losing a
     * replica: those are tried on until {@code client.writable-volume-wait} has passed.
     */
    private static final int MAX_VOLUMES = 6;

    /** Pause between looks at the route while it has no writable volume. */
    private static final long NO_VOLUME_RETRY_MILLIS = 250;

    private final RpcClient rpc;
    private final ClusterView cluster;
    private final BlockIdPool ids;
    private final long writableVolumeWaitNanos;

    public BlockStoreClient(RpcClient rpc, ClusterView cluster, BlockIdPool ids, Duration writableVolumeWait) {
        this.rpc = rpc;
        this.cluster = cluster;
        this.ids = ids;
        this.writableVolumeWaitNanos = writableVolumeWait.toNanos();
    }

    /** Uploads {@code data} as one block of file {@code ino} at {@code fileOffset}; the slice to commit. */
    public CompletableFuture<SliceInfo> upload(long ino, long fileOffset, byte[] data) {
        CompletableFuture<SliceInfo> result = new CompletableFuture<>();
        attemptUpload(new Upload(ino, fileOffset, data, System.nanoTime() + writableVolumeWaitNanos), new HashSet<>(), result);
        return result;
    }

    /** One block on its way to a volume; {@code noVolumeDeadline} bounds the wait for a writable one. */
    private record Upload(long ino, long fileOffset, byte[] data, long noVolumeDeadline) {
    }

    private void attemptUpload(Upload up, Set<Integer> failed, CompletableFuture<SliceInfo> result) {
        long ino = up.ino();
        long fileOffset = up.fileOffset();
        byte[] data = up.data();
        ClusterView.WritableVolume target;
        long blockId;
        try {
            target = cluster.writableVolume(failed);
            blockId = ids.next(ino);
        } catch (WfsException e) {
            // No writable volume right now is usually a moment, not a full cluster: a store just died,
            // its volumes turned read-only, and the manager is opening replacements on the live stores.
            if (e.code() == WfsErrorCode.ENOSPC && System.nanoTime() < up.noVolumeDeadline()) {
                LOG.debug("no writable volume yet for a block of inode {}; waiting for the route", ino);
                CompletableFuture.runAsync(() -> attemptUpload(up, failed, result),
                        CompletableFuture.delayedExecutor(NO_VOLUME_RETRY_MILLIS, TimeUnit.MILLISECONDS));
                return;
            }
            result.completeExceptionally(e);
            return;
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
            return;
        }
        rpc.call(address(target.primary()), new WriteBlockRequest(target.volume(), blockId, data)).whenComplete((ok, error) -> {
            if (error == null) {
                result.complete(new SliceInfo(fileOffset, data.length, target.volume(), blockId, 0));
                return;
            }
            WfsException e = WfsException.unwrap(error);
            failed.add(target.volume());
            if (e.code() == WfsErrorCode.BAD_REQUEST || e.code() == WfsErrorCode.AUTH_FAILED) {
                // Another volume would refuse it the same way.
                result.completeExceptionally(e);
                return;
            }
            // A volume that lost a replica (EROFS, or its primary unreachable) says nothing of the others:
            // right after a store dies, every volume with a replica there refuses in turn until the
            // manager opens replacements, which the wait for a writable volume covers.
            boolean lostAReplica = e.code() == WfsErrorCode.EROFS || e.code() == WfsErrorCode.UNAVAILABLE;
            if (failed.size() >= MAX_VOLUMES && !(lostAReplica && System.nanoTime() < up.noVolumeDeadline())) {
                result.completeExceptionally(new WfsException(WfsErrorCode.EIO,
                        "no volume took the block after " + failed.size() + " tries; last: " + e.getMessage()));
                return;
            }
            LOG.info("upload to volume {} at {} failed ({}), moving to another volume", target.volume(), target.primary(),
                    e.toString());
            // The failure may be a volume turned read-only: the next attempt must see the new route.
            CompletableFuture.runAsync(() -> {
                try {
                    cluster.refresh();
                } catch (RuntimeException refreshError) {
                    LOG.debug("route refresh failed: {}", refreshError.toString());
                }
                attemptUpload(up, failed, result);
            });
        });
    }

    /** Bytes [offset, offset + length) of a block, from any replica that has a good copy. */
    public byte[] read(int volume, long blockId, int offset, int length) {
        return Rpc.await(readAsync(volume, blockId, offset, length, Thread.currentThread()));
    }

    /** As {@link #read}, without blocking the caller (read-ahead). */
    public CompletableFuture<byte[]> readAsync(int volume, long blockId, int offset, int length) {
        return readAsync(volume, blockId, offset, length, null);
    }

    /** The first replica is asked on the calling thread when it is {@code caller}, which waits for the answer at once. */
    private CompletableFuture<byte[]> readAsync(int volume, long blockId, int offset, int length, Thread caller) {
        List<String> replicas = new ArrayList<>(cluster.replicasOf(volume));
        if (replicas.isEmpty()) {
            cluster.refresh();
            replicas = new ArrayList<>(cluster.replicasOf(volume));
        }
        if (replicas.isEmpty()) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.EIO, "volume " + volume + " is not in the route"));
        }
        CompletableFuture<byte[]> result = new CompletableFuture<>();
        attemptRead(replicas, ThreadLocalRandom.current().nextInt(replicas.size()), 0,
                new ReadBlockRequest(volume, blockId, offset, length, false), false, result, caller);
        return result;
    }

    private void attemptRead(List<String> replicas, int start, int tried, ReadBlockRequest req, boolean refreshed,
                             CompletableFuture<byte[]> result, Thread caller) {
        String replica = replicas.get((start + tried) % replicas.size());
        (caller == Thread.currentThread() ? rpc.callHere(address(replica), req) : rpc.call(address(replica), req)).whenComplete((reply, error) -> {
            if (error == null) {
                result.complete(reply.data());
                return;
            }
            WfsException e = WfsException.unwrap(error);
            if (tried + 1 < replicas.size()) {
                LOG.info("read of block {} from {} failed, trying another replica: {}", req.blockId(), replica, e.toString());
                attemptRead(replicas, start, tried + 1, req, refreshed, result, caller);
            } else if (!refreshed) {
                // Every replica this client knows failed: the volume may have been re-replicated to other
                // stores since the route was fetched. Refreshed off the network thread (it blocks).
                CompletableFuture.runAsync(cluster::refresh).whenComplete((ignored, refreshError) -> {
                    List<String> now = new ArrayList<>(cluster.replicasOf(req.volume()));
                    if (refreshError == null && !now.isEmpty() && !now.equals(replicas)) {
                        LOG.info("volume {} moved to {}: reading block {} there", req.volume(), now, req.blockId());
                        attemptRead(now, ThreadLocalRandom.current().nextInt(now.size()), 0, req, true, result, null);
                    } else {
                        result.completeExceptionally(noReplica(req, e));
                    }
                });
            } else {
                result.completeExceptionally(noReplica(req, e));
            }
        });
    }

    private static WfsException noReplica(ReadBlockRequest req, WfsException last) {
        return new WfsException(WfsErrorCode.EIO, "no replica of volume " + req.volume() + " returned block "
                + req.blockId() + ": " + last.getMessage());
    }

    static InetSocketAddress address(String hostPort) {
        return io.wfs.common.rpc.HostPort.parse(hostPort);
    }
}
