package io.wfs.store.node;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.store.disk.VolumeDescriptor;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.disk.VolumeStats;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The volume replicas of one store node, spread over its data folders (one folder per disk). */
public final class VolumeSet implements VolumeAssignments, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(VolumeSet.class);

    private final List<Path> dataDirs;
    private final long extentSize;
    private final VolumeStateListener listener;
    private final Int2ObjectOpenHashMap<VolumeReplica> volumes = new Int2ObjectOpenHashMap<>();
    /** The file system under each replica, for the free-space check of every new block. */
    private final Int2ObjectOpenHashMap<FileStore> fileStores = new Int2ObjectOpenHashMap<>();
    private volatile long minFreeBytes;
    private volatile String selfAddress = "";

    private VolumeSet(List<Path> dataDirs, long extentSize, VolumeStateListener listener) {
        this.dataDirs = dataDirs;
        this.extentSize = extentSize;
        this.listener = listener;
    }

    /** Opens every replica found in {@code dataDirs} (folders named volume-N), rebuilding their indexes. */
    public static VolumeSet open(List<Path> dataDirs, long extentSize, VolumeStateListener listener) throws IOException {
        VolumeSet set = new VolumeSet(dataDirs, extentSize, listener);
        for (Path d : dataDirs) {
            Files.createDirectories(d);
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(d, "volume-*")) {
                for (Path v : entries) {
                    if (Files.exists(v.resolve(VolumeDescriptor.FILE))) {
                        VolumeReplica r = VolumeReplica.open(v, extentSize);
                        set.volumes.put(r.id(), r);
                        set.fileStores.put(r.id(), Files.getFileStore(v));
                    }
                }
            }
        }
        return set;
    }

    /** The address this node has in replica lists; known once the RPC port is bound. */
    public void setSelfAddress(String address) {
        this.selfAddress = address;
    }

    public String selfAddress() {
        return selfAddress;
    }

    /** New blocks are refused once they would leave less than this free on their file system. */
    public void setMinFreeBytes(long bytes) {
        this.minFreeBytes = bytes;
    }

    /**
     * ENOSPC when a new block of {@code length} bytes would leave the file system of {@code v} with
     * less than the reserve: what is left is for deletes' tombstones, repairs and GC, which free
     * space or keep data safe. A file system that cannot say is not refused here (the write then
     * meets the disk's own ENOSPC, if any).
     */
    public void checkRoom(VolumeReplica v, int length) {
        FileStore fs;
        synchronized (this) {
            fs = fileStores.get(v.id());
        }
        long usable;
        try {
            usable = fs == null ? Long.MAX_VALUE : fs.getUsableSpace();
        } catch (IOException e) {
            LOG.warn("cannot read the free space under volume {}: {}", v.id(), e.toString());
            return;
        }
        if (usable - length < minFreeBytes) {
            throw new WfsException(WfsErrorCode.ENOSPC, "store " + selfAddress + " is full: volume " + v.id()
                    + "'s disk has " + usable + " bytes free, and a block of " + length + " would leave less than"
                    + " store.min-free-space (" + minFreeBytes + ")");
        }
    }

    public synchronized VolumeReplica get(int volume) {
        return volumes.get(volume);
    }

    /** The local replica of {@code volume}; ENOENT when this node holds none. */
    public VolumeReplica require(int volume) {
        VolumeReplica v = get(volume);
        if (v == null) {
            throw new WfsException(WfsErrorCode.ENOENT, "this store holds no replica of volume " + volume);
        }
        return v;
    }

    public synchronized List<VolumeReplica> all() {
        return new ArrayList<>(volumes.values());
    }

    @Override
    public synchronized void assign(int volume, List<String> replicas, boolean writable) throws IOException {
        assign(new VolumeDescriptor(volume, replicas, writable));
    }

    /**
     * A replica that re-replication fills ({@code CopyVolume}): marked as a copy in progress until
     * the route names this store, so that it is never taken for a replica the route replaced.
     */
    public synchronized VolumeReplica assignCopy(int volume, List<String> replicas) throws IOException {
        VolumeReplica existing = volumes.get(volume);
        assign(new VolumeDescriptor(volume, replicas, false, existing == null || existing.descriptor().copying()));
        return volumes.get(volume);
    }

    /**
     * Drops a replica the route replaced while this store was away (re-replication copied the volume
     * elsewhere): closes it and deletes its folder, so its space comes back. Reads in flight on it fail
     * and the client reads another replica.
     */
    public void drop(int volume) throws IOException {
        VolumeReplica gone;
        synchronized (this) {
            gone = volumes.remove(volume);
            fileStores.remove(volume);
        }
        if (gone == null) {
            return;
        }
        gone.close();
        try (java.util.stream.Stream<Path> files = Files.walk(gone.dir())) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
        LOG.warn("volume {} dropped from this store: the route named another store in its place (re-replication or a drain)", volume);
    }

    private void assign(VolumeDescriptor wanted) throws IOException {
        int volume = wanted.volume();
        List<String> replicas = wanted.replicas();
        boolean writable = wanted.writable();
        VolumeReplica existing = volumes.get(volume);
        if (existing != null) {
            if (!existing.descriptor().equals(wanted)) {
                existing.updateDescriptor(wanted);
            }
        } else {
            Path dir = placeNew(volume);
            volumes.put(volume, VolumeReplica.create(dir, wanted, extentSize));
            fileStores.put(volume, Files.getFileStore(dir));
        }
        if (writable && wanted.primary().equals(selfAddress)) {
            for (VolumeReplica other : volumes.values()) {
                if (other.id() != volume && other.isWritable() && other.descriptor().primary().equals(selfAddress)) {
                    // One volume at a time: each disk sees one sequential stream of appends.
                    markReadOnly(other, "volume " + volume + " became this store's writable volume");
                }
            }
        }
        LOG.info("volume {} assigned: replicas {}, writable {}", volume, replicas, writable);
    }

    @Override
    public synchronized OptionalInt activeVolume() {
        for (VolumeReplica v : volumes.values()) {
            if (v.isWritable() && v.descriptor().primary().equals(selfAddress)) {
                return OptionalInt.of(v.id());
            }
        }
        return OptionalInt.empty();
    }

    /** Turns the local replica read-only, seals its active extent and tells the listener. */
    public void markReadOnly(VolumeReplica v, String reason) throws IOException {
        synchronized (v) {
            if (!v.isWritable()) {
                return;
            }
            v.updateDescriptor(v.descriptor().withWritable(false));
        }
        v.sealActive();
        LOG.warn("volume {} is now read-only on this store: {}", v.id(), reason);
        listener.volumeReadOnly(v.id(), reason);
    }

    /** The data folder with the most usable space. */
    private Path placeNew(int volume) throws IOException {
        Path best = dataDirs.get(0);
        long bestFree = -1;
        for (Path d : dataDirs) {
            long free = Files.getFileStore(d).getUsableSpace();
            if (free > bestFree) {
                best = d;
                bestFree = free;
            }
        }
        return best.resolve("volume-" + volume);
    }

    public long diskBytes() {
        long sum = 0;
        for (VolumeReplica v : all()) {
            sum += v.stats().diskBytes();
        }
        return sum;
    }

    public List<VolumeStats> stats() {
        return all().stream().map(VolumeReplica::stats).toList();
    }

    @Override
    public synchronized void close() throws IOException {
        for (VolumeReplica v : volumes.values()) {
            v.close();
        }
        volumes.clear();
    }
}
