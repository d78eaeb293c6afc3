package io.wfs.meta.namespace;

import java.util.Locale;

/**
 * Bytes held by the big primitive arrays of a namespace, per structure, computed from array
 * lengths (64-bit JVM, compressed oops: 16-byte array header, 8-byte alignment). Objects and
 * hash maps are not counted; the memory harness reports them as the remainder of the measured
 * heap. Walks every directory: for diagnostics and the harness, not for a hot path.
 */
public final class HeapFootprint {
    private long inodeRecords;
    private long seqIndex;
    private long entryPositions;
    private long entryNames;
    private long entryIndex;
    private long directories;

    private HeapFootprint() {
    }

    public static HeapFootprint of(Namespace namespace) {
        HeapFootprint f = new HeapFootprint();
        for (int slot : namespace.ownedSlots()) {
            SlotState state = namespace.slot(slot);
            f.inodeRecords += state.table.heapBytes();
            f.seqIndex += state.index.heapBytes();
            for (DirectoryEntries d : state.directories.values()) {
                f.entryPositions += d.positionBytes();
                f.entryNames += d.nameBytes();
                f.entryIndex += d.indexBytes();
                f.directories++;
            }
        }
        return f;
    }

    static long array(long length, int elementBytes) {
        return (16 + length * elementBytes + 7) & ~7L;
    }

    public long arrayBytes() {
        return inodeRecords + seqIndex + entryPositions + entryNames + entryIndex;
    }

    /** One line per structure, in bytes per file. */
    public String describe(long files) {
        double n = files;
        return String.format(Locale.ROOT, "  inode records (80 B each, pages of 32)  %6.1f B/file%n"
                + "  seq index (int open addressing)        %6.1f B/file%n"
                + "  entry positions (ino + name ref)       %6.1f B/file%n"
                + "  entry names (arena: 2 + name bytes)    %6.1f B/file%n"
                + "  entry name index (int open addressing) %6.1f B/file%n"
                + "  arrays total                           %6.1f B/file (%,d directories)",
                inodeRecords / n, seqIndex / n, entryPositions / n, entryNames / n, entryIndex / n,
                arrayBytes() / n, directories);
    }
}
