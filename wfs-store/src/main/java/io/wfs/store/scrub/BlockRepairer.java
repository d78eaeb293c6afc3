package io.wfs.store.scrub;

import io.wfs.store.disk.VolumeReplica;
import java.util.concurrent.CompletableFuture;

/**
 * Replaces a damaged copy of a block on this store with a good copy from another replica. The
 * store's implementation is the one reads use, so a block damaged here is repaired the same way
 * whether a client or the scrubber found it.
 */
public interface BlockRepairer {
    /**
     * Completes with the good bytes once they replace the copy at {@code damagedLocation} (or once
     * it turns out the block was deleted or moved meanwhile: nothing to repair then). Fails with
     * EIO when no other replica has a copy matching {@code crc}, with ENOENT when the block was
     * deleted while the good copy was looked for.
     */
    CompletableFuture<byte[]> repair(VolumeReplica volume, long blockId, long damagedLocation, int crc);
}
