package io.wfs.cli.fsck;

import it.unimi.dsi.fastutil.HashCommon;
import it.unimi.dsi.fastutil.longs.Long2LongMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Per inode, its recorded link count and the number of entries naming it, for {@link
 * NamespaceCheck}; fed in any order, read back once at the end. Up to {@code spillAt} inodes the
 * counts stay in one table in memory (16-43 bytes an inode). Beyond that every record goes to one
 * of {@link #BUCKETS} temporary files chosen by the inode's hash, and {@link #forEach} reads back
 * one bucket at a time, so the CLI's heap stays flat however many files the cluster holds (10 M
 * inodes: about 320 MB of temporary files, a table of about 160,000 inodes at a time).
 */
final class LinkCounts implements AutoCloseable {
    /**
     * Where the table in memory stops growing: 262,144 inodes, at most 12 MB of heap (8 MB while it
     * doubles the last time, old and new arrays both alive), so the whole CLI runs in a 64 MB heap.
     */
    static final int DEFAULT_SPILL_AT = 1 << 18;
    static final int BUCKETS = 64;
    private static final long COUNT_MASK = 0xFFFF_FFFFL;
    /** A spilled inode record (recorded nlink + 1 in the low half); an entry is spilled as +1. */
    private static final long RECORD = Long.MIN_VALUE;

    /** Receives each inode's counts at the end. */
    interface Counted {
        /** {@code nlink} is -1 when no inode record was seen (only entries naming it). */
        void counted(long ino, int nlink, int named);
    }

    private final int spillAt;
    private final Path tempParent;
    private Long2LongOpenHashMap table = new Long2LongOpenHashMap();
    private Path spillDir;
    private DataOutputStream[] spilled;

    LinkCounts(int spillAt, Path tempParent) {
        this.spillAt = spillAt;
        this.tempParent = tempParent;
    }

    /** The scan listed {@code ino} with link count {@code nlink} (a second record of it replaces the first). */
    void recorded(long ino, int nlink) {
        if (spilled != null) {
            write(ino, RECORD | (nlink + 1L));
            return;
        }
        long previous = table.get(ino);
        table.put(ino, ((long) nlink + 1) << 32 | (previous & COUNT_MASK));
        spillIfFull();
    }

    /** An entry names {@code ino}. */
    void named(long ino) {
        if (spilled != null) {
            write(ino, 1);
            return;
        }
        table.addTo(ino, 1);
        spillIfFull();
    }

    /** Whether records went to temporary files (for tests and the report's figures). */
    boolean spilled() {
        return spilled != null;
    }

    private void spillIfFull() {
        if (table.size() < spillAt) {
            return;
        }
        try {
            spillDir = Files.createTempDirectory(tempParent, "wfs-fsck-");
            spilled = new DataOutputStream[BUCKETS];
            for (int b = 0; b < BUCKETS; b++) {
                spilled[b] = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(bucket(b)), 1 << 16));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("fsck could not make its temporary files under " + tempParent, e);
        }
        for (Long2LongMap.Entry e : table.long2LongEntrySet()) {
            long v = e.getLongValue();
            if (v >>> 32 != 0) {
                write(e.getLongKey(), RECORD | (v >>> 32));
            }
            if ((v & COUNT_MASK) != 0) {
                write(e.getLongKey(), v & COUNT_MASK);
            }
        }
        table = null;
    }

    private Path bucket(int b) {
        return spillDir.resolve("links-" + b);
    }

    private void write(long ino, long value) {
        try {
            DataOutputStream out = spilled[HashCommon.mix(Long.hashCode(ino)) & (BUCKETS - 1)];
            out.writeLong(ino);
            out.writeLong(value);
        } catch (IOException e) {
            throw new UncheckedIOException("fsck could not write its temporary file (disk full?) under " + spillDir, e);
        }
    }

    /** Hands every inode's counts to {@code to}; call once, after the last record. */
    void forEach(Counted to) {
        if (spilled == null) {
            emit(table, to);
            return;
        }
        try {
            for (DataOutputStream out : spilled) {
                out.close();
            }
            for (int b = 0; b < BUCKETS; b++) {
                emit(readBucket(bucket(b)), to);
                Files.delete(bucket(b));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("fsck could not read back its temporary files under " + spillDir, e);
        }
    }

    private static Long2LongOpenHashMap readBucket(Path file) throws IOException {
        long records = Files.size(file) / 16;
        Long2LongOpenHashMap counts = new Long2LongOpenHashMap((int) Math.min(Integer.MAX_VALUE - 8, records));
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            while (true) {
                long ino;
                try {
                    ino = in.readLong();
                } catch (EOFException end) {
                    return counts;
                }
                long value = in.readLong();
                if ((value & RECORD) != 0) {
                    counts.put(ino, (value & ~RECORD) << 32 | (counts.get(ino) & COUNT_MASK));
                } else {
                    counts.addTo(ino, value);
                }
            }
        }
    }

    private static void emit(Long2LongOpenHashMap counts, Counted to) {
        for (Long2LongMap.Entry e : counts.long2LongEntrySet()) {
            long v = e.getLongValue();
            to.counted(e.getLongKey(), (int) (v >>> 32) - 1, (int) (v & COUNT_MASK));
        }
    }

    /** Removes the temporary files, whether or not they were read. */
    @Override
    public void close() {
        if (spillDir == null) {
            return;
        }
        for (DataOutputStream out : spilled) {
            try {
                out.close();
            } catch (IOException ignored) {
                // Deleted below either way.
            }
        }
        try (Stream<Path> files = Files.walk(spillDir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("fsck could not remove its temporary files under " + spillDir, e);
        }
        spillDir = null;
    }
}
