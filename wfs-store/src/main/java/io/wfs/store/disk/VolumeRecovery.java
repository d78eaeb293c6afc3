package io.wfs.store.disk;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rebuilds a replica's index from its extents at start. Extents are replayed in number order;
 * of two copies of a block the higher version wins (equal: the later extent, a GC copy). An
 * unsealed extent may end in a torn tail — a block whose bytes or index record did not reach
 * the disk: trailing records whose bytes (and chunk CRCs) fail their check are dropped and both files cut after
 * the last good record. Only the tail is checked: earlier damage is found and repaired by reads.
 */
final class VolumeRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(VolumeRecovery.class);

    private VolumeRecovery() {
    }

    /** Loads every extent of {@code v}; returns the extent to append to next (null: start a new one). */
    static Extent replay(VolumeReplica v) throws IOException {
        IntArrayList numbers = new IntArrayList();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(v.dir(), "extent-*.dat")) {
            for (Path f : files) {
                int n = Extent.numberOf(f);
                if (n > 0) {
                    numbers.add(n);
                }
            }
        }
        numbers.sort(null);
        Long2LongOpenHashMap versions = new Long2LongOpenHashMap();
        long maxVersion = 0;
        Extent lastUnsealed = null;
        for (int i = 0; i < numbers.size(); i++) {
            Extent e = Extent.open(v.dir(), numbers.getInt(i));
            v.extents.put(e.number(), e);
            List<IndexRecord> records = e.readRecords();
            boolean sealed = records.stream().anyMatch(r -> r.kind() == IndexRecord.SEAL);
            records = sealed ? cutIndexGarbage(e, records) : cutTornTail(e, records);
            for (IndexRecord r : records) {
                maxVersion = Math.max(maxVersion, r.version());
                apply(v, e, r, versions);
            }
            if (!sealed) {
                if (lastUnsealed != null) {
                    // Only the newest unsealed extent keeps taking blocks (an older one is an interrupted GC target).
                    lastUnsealed.seal();
                }
                lastUnsealed = e;
            }
        }
        v.setExtentCounters(numbers.isEmpty() ? 1 : numbers.getInt(numbers.size() - 1) + 1, maxVersion + 1);
        // Punched again: a crash may have come between a tombstone and its punch, and a punched
        // range costs nothing to punch twice; this also makes the reclaimed counters exact.
        DeletedSpace.commit(v.extents.values());
        LOG.info("volume {}: {} extents, {} index entries replayed", v.id(), numbers.size(), v.index.entries());
        return lastUnsealed;
    }

    private static void apply(VolumeReplica v, Extent e, IndexRecord r, Long2LongOpenHashMap versions) {
        BlockIndex index = v.index;
        switch (r.kind()) {
            case IndexRecord.BLOCK -> {
                long current = index.location(r.blockId());
                if (current != 0 && r.version() < versions.get(r.blockId())) {
                    e.deletedBytes += r.length();
                    e.addHole(r.location(e.number()));
                    return;
                }
                if (current != 0 && !BlockLocation.isDeleted(current)) {
                    Extent older = v.extents.get(BlockLocation.extent(current));
                    VolumeReplica.countDeleted(older, BlockLocation.length(current));
                    older.addHole(current);
                }
                index.put(r.blockId(), r.location(e.number()), r.crc());
                versions.put(r.blockId(), r.version());
                e.liveBytes += r.length();
                e.liveBlocks++;
            }
            case IndexRecord.TOMBSTONE -> {
                long current = index.location(r.blockId());
                if (current != 0 && !BlockLocation.isDeleted(current) && BlockLocation.extent(current) == e.number()
                        && BlockLocation.offset(current) == r.offset()) {
                    index.markDeleted(r.blockId());
                    VolumeReplica.countDeleted(e, r.length());
                    e.addHole(current);
                }
            }
            default -> e.markSealed();
        }
    }

    /** A sealed extent only ever gets tombstones appended: drop a torn record at the end of its index. */
    private static List<IndexRecord> cutIndexGarbage(Extent e, List<IndexRecord> records) throws IOException {
        long indexBytes = (long) records.size() * IndexRecord.BYTES;
        if (e.indexFileSize() != indexBytes) {
            LOG.warn("{}: cutting a torn index record", e);
            e.truncate(e.dataFileSize(), indexBytes);
        }
        return records;
    }

    /** Drops trailing block records whose bytes are missing or fail their CRC, then cuts both files. */
    private static List<IndexRecord> cutTornTail(Extent e, List<IndexRecord> records) throws IOException {
        long dataSize = e.dataFileSize();
        int keep = records.size();
        while (keep > 0) {
            IndexRecord r = records.get(keep - 1);
            if (r.kind() != IndexRecord.BLOCK || bytesIntact(e, r, dataSize)) {
                break;
            }
            keep--;
        }
        long dataEnd = 0;
        for (int i = 0; i < keep; i++) {
            IndexRecord r = records.get(i);
            if (r.kind() == IndexRecord.BLOCK) {
                dataEnd = Math.max(dataEnd, (long) r.offset() + r.span());
            }
        }
        long indexBytes = (long) keep * IndexRecord.BYTES;
        long indexFileBytes = e.indexFileSize();
        if (keep < records.size() || dataSize != dataEnd || indexFileBytes != indexBytes) {
            LOG.warn("{}: cutting a torn tail ({} index records dropped, data {} -> {} bytes)", e,
                    records.size() - keep, dataSize, dataEnd);
            e.truncate(dataEnd, indexBytes);
        }
        return records.subList(0, keep);
    }

    private static boolean bytesIntact(Extent e, IndexRecord r, long dataSize) throws IOException {
        if ((long) r.offset() + r.span() > dataSize) {
            return false;
        }
        byte[] bytes = new byte[r.span()];
        e.readFully(r.offset(), bytes);
        return ChunkCrcs.intact(r.chunked(), r.crc(), bytes, r.length());
    }
}
