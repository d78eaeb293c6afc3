package io.wfs.store.server;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.VolumeInfoReply;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.disk.VolumeStats;
import io.wfs.store.durability.Durability;
import io.wfs.store.node.RouteCatchUp;
import io.wfs.store.node.VolumeSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;

/**
 * What the request handlers of one store share: its volumes, the durability policy, the client
 * to the other stores, and the metrics. Local appends go through {@link #appendLocally} so that
 * every block on disk is counted and made durable the same way.
 */
final class StoreNode {
    private static final String NO_SPACE = "No space left on device";
    final VolumeSet volumes;
    final Durability durability;
    final RpcClient peers;
    final Counter writtenBytes;
    final Meter writtenBlocks;
    final Counter readBytes;
    final Counter crcMismatches;
    final Counter pageCacheReads;
    final BlockRepair repair;
    final Counter deletedBlocks;
    final Counter replicationFailures;
    final Counter noSpaceRefusals;
    private final RouteCatchUp routeCatchUp;

    StoreNode(VolumeSet volumes, Durability durability, RpcClient peers, RouteCatchUp routeCatchUp,
            MetricRegistry registry) {
        this.volumes = volumes;
        this.routeCatchUp = routeCatchUp;
        this.durability = durability;
        this.peers = peers;
        this.writtenBytes = registry.counter("store.write.bytes");
        this.writtenBlocks = registry.meter("store.write.blocks");
        this.readBytes = registry.counter("store.read.bytes");
        this.crcMismatches = registry.counter("store.read.crc_mismatches");
        this.pageCacheReads = registry.counter("store.read.page_cache");
        this.repair = new BlockRepair(this, registry);
        this.deletedBlocks = registry.counter("store.delete.blocks");
        this.replicationFailures = registry.counter("store.replication.failures");
        this.noSpaceRefusals = registry.counter("store.write.no_space");
    }

    /**
     * The local replica of a volume a write names. A volume the manager created a moment ago may
     * reach a client (or the primary) before this store's next heartbeat: then this store catches
     * up with the route first instead of refusing, which would retire a brand-new volume.
     */
    CompletableFuture<VolumeReplica> replicaForWrite(int volume) {
        VolumeReplica v = volumes.get(volume);
        if (v != null) {
            return CompletableFuture.completedFuture(v);
        }
        return routeCatchUp.catchUp().thenApply(x -> volumes.require(volume));
    }

    /** ENOSPC (counted) when a new block of {@code length} bytes would eat into this store's free-space reserve. */
    void checkRoom(VolumeReplica v, int length) {
        try {
            volumes.checkRoom(v, length);
        } catch (WfsException full) {
            noSpaceRefusals.inc();
            throw full;
        }
    }

    /** Appends on this node and completes once the block is durable per the fsync policy. */
    CompletableFuture<Void> appendLocally(VolumeReplica v, long blockId, byte[] data, int crc, boolean replace) {
        VolumeReplica.Appended a;
        try {
            a = v.append(blockId, data, crc, replace);
        } catch (IOException e) {
            return CompletableFuture.failedFuture(new UncheckedIOException(e));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (a.extent() == null) {
            return CompletableFuture.completedFuture(null);
        }
        writtenBytes.inc(data.length);
        writtenBlocks.mark();
        return durability.sync(a.extent());
    }

    static InetSocketAddress address(String hostPort) {
        return io.wfs.common.rpc.HostPort.parse(hostPort);
    }

    static VolumeInfoReply info(VolumeReplica v) {
        VolumeStats s = v.stats();
        return new VolumeInfoReply(v.id(), v.isWritable() ? "writable" : "read-only",
                v.descriptor().replicas().toArray(new String[0]), s.liveBlocks(), s.liveBytes(), s.deletedBytes(),
                s.diskBytes(), s.extents());
    }

    /** The WfsException inside {@code cause}, ENOSPC for a full disk, or EIO naming {@code what} (a disk error). */
    static WfsException asWfs(String what, Throwable cause) {
        for (Throwable cur = cause; cur != null; cur = cur.getCause()) {
            if (cur instanceof WfsException w) {
                return w;
            }
        }
        for (Throwable cur = cause; cur != null; cur = cur.getCause()) {
            // The JDK reports the disk's ENOSPC only through strerror's text.
            if (cur instanceof IOException && String.valueOf(cur.getMessage()).contains(NO_SPACE)) {
                return new WfsException(WfsErrorCode.ENOSPC, what + ": the disk is full (" + cur.getMessage() + ")", cause);
            }
        }
        return new WfsException(WfsErrorCode.EIO, what + ": " + cause, cause);
    }
}
