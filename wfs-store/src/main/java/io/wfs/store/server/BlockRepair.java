package io.wfs.store.server;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.StoreLimits;
import io.wfs.store.disk.BlockLocation;
import io.wfs.store.disk.Crc;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.scrub.BlockRepairer;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The repair path shared by reads and the scrubber: ask the other replicas in turn for the whole
 * block ({@code fromPeer}, so they answer EIO instead of starting repairs of their own), keep the
 * first copy whose length and CRC match the index, and append it here as a new version (the
 * damaged copy becomes garbage for GC). Metrics: {@code store.repairs}, {@code store.repairs.failed}.
 */
final class BlockRepair implements BlockRepairer {
    private static final Logger LOG = LoggerFactory.getLogger(BlockRepair.class);

    private final StoreNode node;
    private final Counter repaired;
    private final Counter failed;

    BlockRepair(StoreNode node, MetricRegistry registry) {
        this.node = node;
        this.repaired = registry.counter("store.repairs");
        this.failed = registry.counter("store.repairs.failed");
    }

    @Override
    public CompletableFuture<byte[]> repair(VolumeReplica v, long blockId, long damagedLocation, int crc) {
        String self = node.volumes.selfAddress();
        List<String> others = v.descriptor().replicas().stream().filter(r -> !r.equals(self)).toList();
        return fetchGoodCopy(v, blockId, BlockLocation.length(damagedLocation), crc, others, 0)
                .handle((good, error) -> {
                    if (error == null) {
                        return replace(v, blockId, damagedLocation, crc, good);
                    }
                    if (v.location(blockId) != damagedLocation) {
                        // Deleted (or moved by GC) while the replicas were asked: not a damaged block any more.
                        return CompletableFuture.<byte[]>failedFuture(new WfsException(WfsErrorCode.ENOENT,
                                "block " + blockId + " of volume " + v.id() + " was deleted or moved during its repair"));
                    }
                    failed.inc();
                    LOG.error("volume {}: block {} is damaged here and no other replica has a good copy", v.id(), blockId);
                    return CompletableFuture.<byte[]>failedFuture(error);
                }).thenCompose(f -> f);
    }

    private CompletableFuture<byte[]> replace(VolumeReplica v, long blockId, long damagedLocation, int crc, byte[] good) {
        VolumeReplica.Appended a;
        try {
            a = v.repair(blockId, good, crc, damagedLocation);
        } catch (IOException e) {
            failed.inc();
            LOG.error("volume {}: writing the repaired copy of block {} failed", v.id(), blockId, e);
            // The reader still gets the good bytes; the damaged copy stays for the next read or scrub.
            return CompletableFuture.completedFuture(good);
        }
        if (a.extent() == null) {
            return CompletableFuture.completedFuture(good);
        }
        node.writtenBytes.inc(good.length);
        node.writtenBlocks.mark();
        return node.durability.sync(a.extent()).handle((x, error) -> {
            if (error != null) {
                failed.inc();
                LOG.error("volume {}: making the repaired copy of block {} durable failed", v.id(), blockId, error);
            } else {
                repaired.inc();
                LOG.info("volume {}: block {} repaired", v.id(), blockId);
            }
            return good;
        });
    }

    /** Asks replica {@code i}, then the following ones, until one returns the block with the expected length and CRC. */
    private CompletableFuture<byte[]> fetchGoodCopy(VolumeReplica v, long blockId, int length, int crc,
                                                    List<String> others, int i) {
        if (i >= others.size()) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.EIO, "block " + blockId + " of volume "
                    + v.id() + " is damaged on " + node.volumes.selfAddress() + " and no other replica has a good copy"));
        }
        ReadBlockRequest whole = new ReadBlockRequest(v.id(), blockId, 0, StoreLimits.MAX_BLOCK_BYTES, true);
        return node.peers.call(StoreNode.address(others.get(i)), whole).handle((reply, error) -> {
            if (error == null && reply.data().length == length && Crc.of(reply.data()) == crc) {
                return CompletableFuture.completedFuture(reply.data());
            }
            LOG.warn("volume {}: replica {} has no good copy of block {}: {}", v.id(), others.get(i), blockId,
                    error == null ? "CRC mismatch" : error.getMessage());
            return fetchGoodCopy(v, blockId, length, crc, others, i + 1);
        }).thenCompose(f -> f);
    }
}
