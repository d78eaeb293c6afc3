package io.wfs.client.cache;

/**
 * Chunks of blocks kept on local disk across mounts (docs/client.md, "Local read cache"). A block
 * never changes once written, and the key names the cluster, the volume, the block and the
 * offset in it, so an entry can never be stale: there is nothing to invalidate. A cache is an
 * accelerator only: no method throws or blocks on a slow or broken disk beyond one local read,
 * and a failing cache turns itself off while reads go to the stores.
 */
public interface BlockDiskCache extends AutoCloseable {
    /** No cache ({@code client.cache-dir} unset). */
    BlockDiskCache NONE = new BlockDiskCache() {
        @Override
        public byte[] get(int volume, long blockId, int offset, int minLength) {
            return null;
        }

        @Override
        public boolean contains(int volume, long blockId, int offset, int minLength) {
            return false;
        }

        @Override
        public void put(int volume, long blockId, int offset, byte[] data) {
        }

        @Override
        public void close() {
        }
    };

    /**
     * The bytes of the block from {@code offset} as cached (at least {@code minLength} of them),
     * checked against their CRC32C; null on a miss, a damaged entry, or any error of the disk.
     */
    byte[] get(int volume, long blockId, int offset, int minLength);

    /** Whether {@link #get} would probably hit (the index says so; the entry is not read). */
    boolean contains(int volume, long blockId, int offset, int minLength);

    /**
     * Offers bytes of a block read from the stores, from {@code offset}; written later by a
     * background thread, or dropped if the writer is behind. Never blocks and never fails.
     */
    void put(int volume, long blockId, int offset, byte[] data);

    @Override
    void close();
}
