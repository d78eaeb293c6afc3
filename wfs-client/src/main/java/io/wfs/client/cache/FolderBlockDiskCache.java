package io.wfs.client.cache;

import com.codahale.metrics.MetricRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local read cache: one file per entry under a folder ({@link CacheFolder}), an in-memory
 * LRU index rebuilt from the folder at mount ({@link CacheIndex}), CRC32C checked at every read.
 * Reads look the index up and read one local file on the caller's thread; writes go to one
 * background thread that evicts before it writes, so the folder stays within {@code limitBytes}.
 * Whatever the disk does — full, failing, the folder deleted — a read is answered (a miss then),
 * and the cache recreates its folder or, after {@link #MAX_FAILURES_IN_A_ROW} errors, turns off.
 */
public final class FolderBlockDiskCache implements BlockDiskCache {
    private static final Logger LOG = LoggerFactory.getLogger(FolderBlockDiskCache.class);
    /** Consecutive I/O errors (reads or writes) after which the cache turns off until the next mount. */
    static final int MAX_FAILURES_IN_A_ROW = 8;
    /** Bytes offered and not yet written; beyond this new offers are dropped rather than queued. */
    private static final long MAX_PENDING_BYTES = 64L << 20;

    private final CacheFolder folder;
    private final CacheIndex index = new CacheIndex();
    private final CacheMetrics metrics;
    private final ExecutorService writer;
    private final AtomicLong pendingBytes = new AtomicLong();
    private final AtomicInteger failuresInARow = new AtomicInteger();
    private final AtomicBoolean recreating = new AtomicBoolean();
    private final AtomicBoolean warnedWriteFailure = new AtomicBoolean();
    /** --cache-size, lowered to what is in use when the disk reports itself full. */
    private volatile long limitBytes;
    private volatile boolean enabled = true;

    private FolderBlockDiskCache(CacheFolder folder, long limitBytes, MetricRegistry registry) {
        this.folder = folder;
        this.limitBytes = limitBytes;
        this.metrics = new CacheMetrics(registry, this);
        this.writer = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "wfs-cache-writer");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The read cache of a mount ({@code client.cache-dir}, {@code client.cache-size}), keyed by the
     * cluster's id: none without a folder, or (with a warning) for a cluster without an id yet (a
     * manager older than the ids). A folder another mount holds, or one that cannot be made, fails
     * the mount with the reason (EINVAL: bad configuration).
     */
    public static BlockDiskCache forMount(String dir, long limitBytes, long clusterId, MetricRegistry registry) {
        if (dir.isBlank()) {
            return BlockDiskCache.NONE;
        }
        if (clusterId == 0) {
            org.slf4j.LoggerFactory.getLogger(FolderBlockDiskCache.class).warn(
                    "the cluster has no id yet (its managers predate cluster ids): mounting without the read cache {}", dir);
            return BlockDiskCache.NONE;
        }
        try {
            return open(Path.of(dir), limitBytes, clusterId, registry);
        } catch (IOException | RuntimeException e) {
            throw new io.wfs.common.error.WfsException(io.wfs.common.error.WfsErrorCode.EINVAL,
                    "read cache " + dir + ": " + e.getMessage());
        }
    }

    /**
     * Opens the cache folder {@code dir} for cluster {@code clusterId}: takes its lock (an
     * IllegalStateException if another mount holds it), and indexes the entries a previous mount
     * left, evicting the oldest beyond {@code limitBytes}.
     */
    public static FolderBlockDiskCache open(Path dir, long limitBytes, long clusterId, MetricRegistry registry)
            throws IOException {
        if (clusterId == 0) {
            throw new IllegalArgumentException("a read cache needs the cluster's id");
        }
        CacheFolder folder = CacheFolder.open(dir, clusterId);
        FolderBlockDiskCache cache = new FolderBlockDiskCache(folder, limitBytes, registry);
        try {
            for (CacheFolder.Found f : folder.scan()) {
                cache.index.add(f.key().volume(), f.key().blockId(), f.key().offset(), f.length());
            }
            cache.evictFor(0);
        } catch (IOException | RuntimeException e) {
            cache.close();
            throw e;
        }
        LOG.info("read cache {}: {} entries, {} bytes of {} (cluster {})", dir, cache.entries(), cache.usedBytes(),
                limitBytes, Long.toHexString(clusterId));
        return cache;
    }

    @Override
    public byte[] get(int volume, long blockId, int offset, int minLength) {
        if (!enabled) {
            return null;
        }
        int length;
        synchronized (index) {
            length = index.lengthOf(volume, blockId, offset);
        }
        if (length < minLength || length <= 0) {
            metrics.misses.inc();
            return null;
        }
        CacheKey key = new CacheKey(volume, blockId, offset);
        byte[] data;
        try {
            data = CacheEntryFile.read(folder.entry(key), key);
        } catch (NoSuchFileException e) {
            forget(key);
            if (!folder.exists()) {
                folderGoneLater();
            }
            metrics.misses.inc();
            return null;
        } catch (IOException e) {
            forget(key);
            failed("read", e);
            metrics.misses.inc();
            return null;
        }
        failuresInARow.set(0);
        if (data == null || data.length < minLength) {
            LOG.warn("read cache entry {} is damaged (CRC or header); deleted, read from the stores", folder.entry(key));
            metrics.corrupt.inc();
            forget(key);
            deleteLater(List.of(key));
            metrics.misses.inc();
            return null;
        }
        metrics.hits.inc();
        metrics.hitBytes.inc(data.length);
        return data;
    }

    @Override
    public boolean contains(int volume, long blockId, int offset, int minLength) {
        if (!enabled) {
            return false;
        }
        synchronized (index) {
            return index.lengthOf(volume, blockId, offset) >= Math.max(1, minLength);
        }
    }

    @Override
    public void put(int volume, long blockId, int offset, byte[] data) {
        if (!enabled || data.length == 0 || CacheEntryFile.size(data.length) > limitBytes) {
            return;
        }
        if (pendingBytes.addAndGet(data.length) > MAX_PENDING_BYTES) {
            pendingBytes.addAndGet(-data.length);
            metrics.droppedWrites.inc();
            return;
        }
        try {
            writer.execute(() -> {
                try {
                    write(new CacheKey(volume, blockId, offset), data, true);
                } finally {
                    pendingBytes.addAndGet(-data.length);
                }
            });
        } catch (RejectedExecutionException e) {
            pendingBytes.addAndGet(-data.length); // Closing.
        }
    }

    /** On the writer thread: evict, write to a temporary name, rename into place, index. */
    private void write(CacheKey key, byte[] data, boolean retryIfFolderGone) {
        if (!enabled) {
            return;
        }
        synchronized (index) {
            if (index.lengthOf(key.volume(), key.blockId(), key.offset()) >= data.length) {
                return; // Already there (two readers fetched the same chunk).
            }
        }
        evictFor(CacheEntryFile.size(data.length));
        Path tmp = folder.newTemp();
        try {
            CacheEntryFile.write(tmp, key, data);
            Path entry = folder.entry(key);
            Files.createDirectories(entry.getParent());
            Files.move(tmp, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            deleteQuietly(tmp);
            if (!folder.exists()) {
                if (retryIfFolderGone && folderGone()) {
                    write(key, data, false);
                }
                return;
            }
            // A full disk: keep what is cached, write only after evicting (and give the space back to others).
            limitBytes = Math.min(limitBytes, usedBytes());
            failed("write", e);
            return;
        }
        List<CacheKey> dropped;
        synchronized (index) {
            dropped = index.add(key.volume(), key.blockId(), key.offset(), data.length);
        }
        delete(dropped);
        failuresInARow.set(0);
        metrics.writtenBytes.inc(data.length);
    }

    /** Evicts least recently used blocks until {@code incoming} more bytes fit under the limit. */
    private void evictFor(long incoming) {
        while (true) {
            List<CacheKey> evicted;
            synchronized (index) {
                if (index.usedBytes() + incoming <= limitBytes || index.entries() == 0) {
                    return;
                }
                evicted = index.evictEldest();
            }
            metrics.evictions.inc(evicted.size());
            delete(evicted);
        }
    }

    private void forget(CacheKey key) {
        synchronized (index) {
            index.remove(key.volume(), key.blockId(), key.offset());
        }
    }

    private void folderGoneLater() {
        if (recreating.compareAndSet(false, true)) {
            try {
                writer.execute(() -> {
                    try {
                        if (!folder.exists()) {
                            folderGone();
                        }
                    } finally {
                        recreating.set(false);
                    }
                });
            } catch (RejectedExecutionException e) {
                recreating.set(false);
            }
        }
    }

    /** The folder was deleted under the mount: its entries are gone; make it again. True if the cache goes on. */
    private boolean folderGone() {
        synchronized (index) {
            index.clear();
        }
        try {
            if (folder.recreate()) {
                LOG.warn("read cache folder {} was removed under the mount; recreated it empty", folder.root());
                return true;
            }
            turnOff("another mount took the recreated folder " + folder.root());
        } catch (IOException e) {
            turnOff("its folder " + folder.root() + " was removed and cannot be recreated: " + e);
        }
        return false;
    }

    private void failed(String what, IOException e) {
        metrics.errors.inc();
        if (warnedWriteFailure.compareAndSet(false, true)) {
            LOG.warn("read cache {} failed in {} ({}); reads go to the stores meanwhile", what, folder.root(), e.toString());
        }
        if (failuresInARow.incrementAndGet() >= MAX_FAILURES_IN_A_ROW) {
            turnOff(MAX_FAILURES_IN_A_ROW + " disk errors in a row, the last: " + e);
        }
    }

    private void turnOff(String why) {
        if (enabled) {
            enabled = false;
            LOG.warn("read cache {} turned off until the next mount: {}", folder.root(), why);
        }
    }

    private void deleteLater(List<CacheKey> keys) {
        try {
            writer.execute(() -> delete(keys));
        } catch (RejectedExecutionException e) {
            // Closing: the next mount's reads find the damage again.
        }
    }

    private void delete(List<CacheKey> keys) {
        for (CacheKey k : keys) {
            deleteQuietly(folder.entry(k));
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // Gone with its folder, or the disk is failing: either way nothing indexes it now.
        }
    }

    long usedBytes() {
        synchronized (index) {
            return index.usedBytes();
        }
    }

    int entries() {
        synchronized (index) {
            return index.entries();
        }
    }

    boolean enabled() {
        return enabled;
    }

    /** Waits until every offered entry is written (tests, and close). */
    void drain() throws InterruptedException {
        java.util.concurrent.CompletableFuture<Void> done = new java.util.concurrent.CompletableFuture<>();
        try {
            writer.execute(() -> done.complete(null));
            done.get(30, TimeUnit.SECONDS);
        } catch (RejectedExecutionException | java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // Closed, or the disk hangs: nothing more to wait for.
        }
    }

    @Override
    public void close() {
        writer.shutdown();
        try {
            if (!writer.awaitTermination(10, TimeUnit.SECONDS)) {
                writer.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        folder.close();
    }
}
