package io.wfs.client.cache;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The cache's folder: {@code DIR/lock} (held while a mount uses it, so two mounts never write
 * one index's files), {@code DIR/c-<cluster id>/<shard>/<entry>} and {@code DIR/c-<cluster id>/tmp}
 * (entries are written there and renamed into place, so a name only ever holds a whole entry).
 * A folder serves one cluster: another cluster's entries are deleted when a mount takes it.
 */
final class CacheFolder implements AutoCloseable {
    /** An entry found on disk at mount: its key, data length and when it was written. */
    record Found(CacheKey key, int length, long writtenMillis) {
    }

    private final Path root;
    private final Path cluster;
    private final Path tmp;
    private final AtomicLong tempNames = new AtomicLong();
    private FileChannel lockChannel;
    private FileLock lock;

    private CacheFolder(Path root, long clusterId) {
        this.root = root;
        this.cluster = root.resolve("c-" + Long.toHexString(clusterId));
        this.tmp = cluster.resolve("tmp");
    }

    /** Takes the folder for a mount of cluster {@code clusterId}; fails if another mount holds it. */
    static CacheFolder open(Path root, long clusterId) throws IOException {
        CacheFolder f = new CacheFolder(root, clusterId);
        Files.createDirectories(root);
        if (!f.lock()) {
            throw new IllegalStateException("the cache folder " + root + " is in use by another mount (it holds "
                    + root.resolve("lock") + "); give each mount its own --cache-dir");
        }
        try {
            f.dropOtherClusters();
            deleteTree(f.tmp);
            Files.createDirectories(f.tmp);
        } catch (IOException | RuntimeException e) {
            f.close();
            throw e;
        }
        return f;
    }

    private boolean lock() throws IOException {
        FileChannel ch = FileChannel.open(root.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null; // Another mount in this JVM holds it.
        }
        if (l == null) {
            ch.close();
            return false;
        }
        lockChannel = ch;
        lock = l;
        return true;
    }

    private void dropOtherClusters() throws IOException {
        try (DirectoryStream<Path> children = Files.newDirectoryStream(root, "c-*")) {
            for (Path c : children) {
                if (!c.equals(cluster)) {
                    deleteTree(c);
                }
            }
        }
    }

    /** The folder was removed under the mount: make it again and take the new lock file. False if another mount took it. */
    synchronized boolean recreate() throws IOException {
        Files.createDirectories(tmp);
        if (lock != null && Files.exists(root.resolve("lock"))) {
            return true;
        }
        releaseLock();
        return lock();
    }

    boolean exists() {
        return Files.isDirectory(tmp);
    }

    Path entry(CacheKey k) {
        return cluster.resolve(CacheEntryFile.shard(k.blockId())).resolve(CacheEntryFile.name(k.volume(), k.blockId(), k.offset()));
    }

    Path newTemp() {
        return tmp.resolve(Long.toString(tempNames.incrementAndGet()));
    }

    /** Every entry in the folder, oldest first; files that are not entries are deleted. */
    List<Found> scan() throws IOException {
        List<Found> found = new ArrayList<>();
        try (DirectoryStream<Path> shards = Files.newDirectoryStream(cluster)) {
            for (Path shard : shards) {
                if (shard.equals(tmp) || !Files.isDirectory(shard)) {
                    continue;
                }
                try (DirectoryStream<Path> files = Files.newDirectoryStream(shard)) {
                    for (Path file : files) {
                        CacheKey key = CacheEntryFile.parseName(file.getFileName().toString());
                        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
                        long length = a.size() - CacheEntryFile.HEADER;
                        if (key == null || !a.isRegularFile() || length <= 0 || length > Integer.MAX_VALUE
                                || !file.getParent().getFileName().toString().equals(CacheEntryFile.shard(key.blockId()))) {
                            deleteTree(file);
                            continue;
                        }
                        found.add(new Found(key, (int) length, a.lastModifiedTime().toMillis()));
                    }
                }
            }
        }
        found.sort(Comparator.comparingLong(Found::writtenMillis));
        return found;
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) {
            walk.sorted(Comparator.reverseOrder()).forEach(x -> {
                try {
                    Files.deleteIfExists(x);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    Path root() {
        return root;
    }

    private void releaseLock() {
        try {
            if (lock != null) {
                lock.release();
            }
            if (lockChannel != null) {
                lockChannel.close();
            }
        } catch (IOException e) {
            // The file is gone or the disk with it; the lock goes with the channel.
        }
        lock = null;
        lockChannel = null;
    }

    @Override
    public synchronized void close() {
        releaseLock();
    }
}
