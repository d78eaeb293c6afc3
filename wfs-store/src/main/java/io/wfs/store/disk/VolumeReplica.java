package io.wfs.store.disk;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import it.unimi.dsi.fastutil.ints.Int2ObjectRBTreeMap;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One replica of a volume: a folder of extents plus {@code volume.properties}. Blocks are
 * appended to the single active extent at 4 KiB boundaries; a full extent is sealed and the next
 * one started. Two locks: the append lock orders writes to the files (one writer, sequential
 * IO), the index lock guards the in-memory index and extent counters so reads never wait for a
 * block's bytes being written.
 */
public final class VolumeReplica implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(VolumeReplica.class);

    /** The outcome of an append: the extent to make durable, or null when the block was already here. */
    public record Appended(Extent extent, int crc) {
    }

    /** No expectation about the block's current copy (a write, a re-replication). */
    private static final long ANY_LOCATION = -1;

    private final Path dir;
    private final long extentSize;
    final Object appendLock = new Object();
    final ReentrantReadWriteLock indexLock = new ReentrantReadWriteLock();
    final Int2ObjectRBTreeMap<Extent> extents = new Int2ObjectRBTreeMap<>();
    final BlockIndex index = new BlockIndex();
    private volatile VolumeDescriptor descriptor;
    private Extent active;
    private final VolumeCompaction compaction = new VolumeCompaction(this);
    int nextExtentNumber = 1;
    long nextVersion = 1;

    private VolumeReplica(Path dir, VolumeDescriptor descriptor, long extentSize) {
        this.dir = dir;
        this.descriptor = descriptor;
        this.extentSize = extentSize;
    }

    /** Creates an empty replica in {@code dir} (which must not hold one yet). */
    public static VolumeReplica create(Path dir, VolumeDescriptor descriptor, long extentSize) throws IOException {
        Files.createDirectories(dir);
        descriptor.store(dir);
        return new VolumeReplica(dir, descriptor, extentSize);
    }

    /** Opens the replica in {@code dir}, rebuilding the index from its extents and cutting a torn tail. */
    public static VolumeReplica open(Path dir, long extentSize) throws IOException {
        VolumeReplica v = new VolumeReplica(dir, VolumeDescriptor.load(dir), extentSize);
        v.active = VolumeRecovery.replay(v);
        return v;
    }

    public Path dir() {
        return dir;
    }

    public int id() {
        return descriptor.volume();
    }

    public VolumeDescriptor descriptor() {
        return descriptor;
    }

    public boolean isWritable() {
        return descriptor.writable();
    }

    /** Persists a state change (writable ↔ read-only, new replica list). */
    public synchronized void updateDescriptor(VolumeDescriptor d) throws IOException {
        d.store(dir);
        descriptor = d;
    }

    /**
     * Appends a block. With {@code replace} false a block already present with the same CRC is a
     * retry (nothing written, extent null) and with another CRC an error; with {@code replace} true
     * (repair, re-replication) the new copy supersedes the old one, which becomes garbage.
     */
    public Appended append(long blockId, byte[] data, int crc, boolean replace) throws IOException {
        return append(blockId, data, crc, replace, ANY_LOCATION);
    }

    /**
     * Replaces the damaged copy at {@code damagedLocation} with {@code data} (a good copy from
     * another replica). Nothing is written when the block was deleted or moved since the damage
     * was seen; a delete that lands while the copy is appended tombstones the copy at once, so a
     * repair racing a delete never brings the block back.
     */
    public Appended repair(long blockId, byte[] data, int crc, long damagedLocation) throws IOException {
        if (location(blockId) != damagedLocation) {
            return new Appended(null, crc);
        }
        return append(blockId, data, crc, true, damagedLocation);
    }

    private Appended append(long blockId, byte[] data, int crc, boolean replace, long expected) throws IOException {
        if (!replace) {
            indexLock.readLock().lock();
            try {
                long loc = index.location(blockId);
                if (loc != 0) {
                    if (BlockLocation.isDeleted(loc) || index.crc(blockId) == crc) {
                        return new Appended(null, crc);
                    }
                    throw new WfsException(WfsErrorCode.EEXIST, "block " + blockId + " already holds other bytes in volume " + id());
                }
            } finally {
                indexLock.readLock().unlock();
            }
        }
        synchronized (appendLock) {
            if (active == null || !active.fits(data.length + ChunkCrcs.trailerBytes(data.length), extentSize)) {
                rollOver();
            }
            long offset = active.appendBlock(data);
            IndexRecord record = IndexRecord.block(blockId, nextVersion++, (int) offset, data.length, crc);
            active.appendRecord(record);
            long location = record.location(active.number());
            indexLock.writeLock().lock();
            try {
                long old = index.location(blockId);
                if (expected != ANY_LOCATION && (old == 0 || BlockLocation.isDeleted(old))) {
                    // Deleted while the good copy was fetched. (Moved by GC, or repaired by another
                    // reader, it is still live: this good copy then replaces that one as usual.)
                    active.appendRecord(IndexRecord.tombstone(blockId, (int) offset, data.length));
                    active.deletedBytes += data.length;
                    return new Appended(active, crc);
                }
                if (old != 0 && !BlockLocation.isDeleted(old)) {
                    Extent previous = extents.get(BlockLocation.extent(old));
                    previous.appendRecord(IndexRecord.tombstone(blockId, (int) BlockLocation.offset(old), BlockLocation.length(old)));
                    countDeleted(previous, BlockLocation.length(old));
                }
                index.put(blockId, location, crc);
                active.liveBytes += data.length;
                active.liveBlocks++;
            } finally {
                indexLock.writeLock().unlock();
            }
            return new Appended(active, crc);
        }
    }

    /** EEXIST when {@code blockId} is here with other bytes (a different CRC). */
    public void checkNoConflict(long blockId, int crc) {
        indexLock.readLock().lock();
        try {
            long loc = index.location(blockId);
            if (loc != 0 && !BlockLocation.isDeleted(loc) && index.crc(blockId) != crc) {
                throw new WfsException(WfsErrorCode.EEXIST, "block " + blockId + " already holds other bytes in volume " + id());
            }
        } finally {
            indexLock.readLock().unlock();
        }
    }

    private void rollOver() throws IOException {
        if (active != null) {
            active.seal();
        }
        Extent next = Extent.open(dir, nextExtentNumber++);
        indexLock.writeLock().lock();
        try {
            extents.put(next.number(), next);
        } finally {
            indexLock.writeLock().unlock();
        }
        active = next;
    }

    /** The whole block, CRC-checked. ENOENT when absent or deleted. */
    public byte[] read(long blockId) throws IOException, CorruptBlockException {
        return read(blockId, 0, Integer.MAX_VALUE).data();
    }

    /**
     * {@code [offset, offset + length)} of a block (cut at its end), reading and checking only the
     * 64 KiB chunks the range covers ({@link BlockRange}). ENOENT when absent or deleted.
     */
    public BlockRange read(long blockId, int offset, int length) throws IOException, CorruptBlockException {
        for (int attempt = 0; ; attempt++) {
            Located at = underReadLock(() -> locate(blockId));
            if (at == null) {
                throw new WfsException(WfsErrorCode.ENOENT, "block " + blockId + " is not in volume " + id());
            }
            try {
                return BlockRange.read(at.extent(), blockId, at.location(), at.crc(), offset, length, false);
            } catch (ClosedChannelException e) {
                // GC moved the block and removed the extent between lookup and read: look up again.
                if (attempt < 3) {
                    continue;
                }
                throw e;
            }
        }
    }

    /**
     * {@link #read(long, int, int)} that never waits: null when the index is locked by a writer, the
     * block is absent, or a byte of the range is in no page ({@link PageCacheReads}); the caller then
     * reads on a thread that may wait. A range that fails its check throws as there.
     */
    public BlockRange readIfCached(long blockId, int offset, int length) throws IOException, CorruptBlockException {
        if (!PageCacheReads.available() || !indexLock.readLock().tryLock()) {
            return null;
        }
        Located at;
        try {
            at = locate(blockId);
        } finally {
            indexLock.readLock().unlock();
        }
        return at == null ? null : BlockRange.read(at.extent(), blockId, at.location(), at.crc(), offset, length, true);
    }

    /** Where a live block's copy is. */
    private record Located(Extent extent, long location, int crc) {
    }

    /** The live block's copy, or null when it is absent or deleted. Caller holds the index lock. */
    private Located locate(long blockId) {
        long loc = index.location(blockId);
        Extent extent = loc == 0 || BlockLocation.isDeleted(loc) ? null : extents.get(BlockLocation.extent(loc));
        return extent == null ? null : new Located(extent, loc, index.crc(blockId));
    }

    /** Packed location of a block (0 if absent): tests check alignment with it, fsck that it is there. */
    public long location(long blockId) {
        indexLock.readLock().lock();
        try {
            return index.location(blockId);
        } finally {
            indexLock.readLock().unlock();
        }
    }

    /** The CRC32C the index holds for a block (0 if absent). */
    public int crcOf(long blockId) {
        indexLock.readLock().lock();
        try {
            return index.crc(blockId);
        } finally {
            indexLock.readLock().unlock();
        }
    }

    /**
     * Tombstones the live blocks among {@code blockIds}; returns how many; adds the touched extents
     * to {@code touched}, which the caller passes to {@link DeletedSpace#commit} to make it durable
     * and give the space back.
     */
    public int delete(long[] blockIds, Collection<Extent> touched) throws IOException {
        int deleted = 0;
        indexLock.writeLock().lock();
        try {
            for (long id : blockIds) {
                long loc = index.location(id);
                if (loc == 0 || BlockLocation.isDeleted(loc)) {
                    continue;
                }
                Extent e = extents.get(BlockLocation.extent(loc));
                e.appendRecord(IndexRecord.tombstone(id, (int) BlockLocation.offset(loc), BlockLocation.length(loc)));
                index.markDeleted(id);
                countDeleted(e, BlockLocation.length(loc));
                e.addHole(loc);
                if (!touched.contains(e)) {
                    touched.add(e);
                }
                deleted++;
            }
        } finally {
            indexLock.writeLock().unlock();
        }
        return deleted;
    }

    /** Whether deleted space in this replica comes back at once (holes), or only through GC. */
    public boolean punchesHoles() {
        return HolePunch.supported(dir);
    }

    /**
     * Where holes cannot be punched: seals the active extent once {@code minDeletedRatio} of its
     * bytes are deleted, so GC can compact it (otherwise a quiet volume's deletes would stay on
     * disk until the extent fills, which may be never).
     */
    public void sealActiveIfDeleted(double minDeletedRatio) throws IOException {
        synchronized (appendLock) {
            if (active != null && active.deletedBytes > 0
                    && active.deletedBytes >= minDeletedRatio * (active.deletedBytes + active.liveBytes)) {
                active.seal();
                active = null;
            }
        }
    }

    static void countDeleted(Extent e, int length) {
        e.liveBytes -= length;
        e.deletedBytes += length;
        e.liveBlocks--;
    }

    /** Seals the active extent (volume full or taken out of service); the next append starts a new one. */
    public void sealActive() throws IOException {
        synchronized (appendLock) {
            if (active != null) {
                active.seal();
                active = null;
            }
        }
    }

    /** Live block ids after {@code after}, ascending (re-replication and orphan scans page through them). */
    public long[] liveBlocksAfter(long after, int max) {
        return underReadLock(() -> index.liveIdsAfter(after, max));
    }

    /** A consistent snapshot of the replica's fill. */
    public VolumeStats stats() {
        return underReadLock(() -> VolumeStats.of(id(), extents.values()));
    }

    /** Every extent, sealed or not, in extent order (the scrubber walks them). */
    public List<Extent> extents() {
        return underReadLock(() -> new ArrayList<>(extents.values()));
    }

    /** Sealed extents with their counters (GC candidates), in extent order. */
    public List<Extent> sealedExtents() {
        return underReadLock(() -> extents.values().stream().filter(Extent::isSealed).toList());
    }

    /** GC's side of this replica: copying an extent's live blocks elsewhere and switching the index. */
    public VolumeCompaction compaction() {
        return compaction;
    }

    /** Number of index entries including deleted ones awaiting GC (memory accounting). */
    public int indexEntries() {
        return underReadLock(index::entries);
    }

    /** {@code read} under the index's read lock (the accessors that are not on the data path). */
    private <T> T underReadLock(java.util.function.Supplier<T> read) {
        indexLock.readLock().lock();
        try {
            return read.get();
        } finally {
            indexLock.readLock().unlock();
        }
    }

    /** Closes the files without flushing anything more (a crash leaves them like this too). */
    @Override
    public void close() throws IOException {
        synchronized (appendLock) {
            indexLock.writeLock().lock();
            try {
                for (Extent e : extents.values()) {
                    e.close();
                }
            } finally {
                indexLock.writeLock().unlock();
            }
        }
        LOG.debug("volume {} closed", id());
    }

    void setExtentCounters(int nextExtent, long nextVer) {
        this.nextExtentNumber = nextExtent;
        this.nextVersion = nextVer;
    }
}
