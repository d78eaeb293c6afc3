package io.wfs.meta.bench;

import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.HeapFootprint;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.namespace.Namespace;
import io.wfs.meta.namespace.NamespaceSnapshot;
import io.wfs.meta.namespace.SlotState;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Memory and snapshot-speed harness of the namespace store (docs/meta-memory.md). Builds N small
 * files, 100 per directory, directories spread over all 4096 slots by hash, ~20-byte names, one
 * slice each, directly through the store API; measures retained heap per file and snapshot
 * save/load speed. The last line printed is the machine-readable summary.
 */
public final class NamespaceBench {
    static final int FILES_PER_DIRECTORY = 100;
    private static final int ROUNDS = 3;
    private static final int MODE_FILE = Posix.S_IFREG | 0644;
    private static final int MODE_DIR = Posix.S_IFDIR | 0755;

    /** Figures of one run; inodes counts files, directories and the root. */
    public record Result(long files, long inodes, long retainedBytes, double bytesPerFile, long snapshotBytes,
                         double saveInodesPerSecond, double loadInodesPerSecond, boolean digestsEqual) {
        public String summaryLine() {
            return String.format(Locale.ROOT, "bytes_per_file=%.1f snapshot_save_inodes_per_s=%.0f snapshot_load_inodes_per_s=%.0f",
                    bytesPerFile, saveInodesPerSecond, loadInodesPerSecond);
        }
    }

    private NamespaceBench() {
    }

    public static void main(String[] args) throws IOException {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        Result result = run(files);
        System.out.println(result.summaryLine());
    }

    public static Result run(int files) throws IOException {
        long before = retainedHeap();
        long start = System.nanoTime();
        Namespace namespace = build(files);
        long buildNanos = System.nanoTime() - start;
        long after = retainedHeap();
        long inodes = namespace.usedInodes();
        long retained = after - before;
        System.out.printf(Locale.ROOT, "built %,d files (%,d inodes) in %.2f s; retained heap %,d bytes%n",
                files, inodes, buildNanos / 1e9, retained);
        HeapFootprint footprint = HeapFootprint.of(namespace);
        System.out.println(footprint.describe(files));
        System.out.printf(Locale.ROOT, "  objects, maps, slot overhead (rest)    %6.1f B/file%n",
                (retained - footprint.arrayBytes()) / (double) files);

        Path file = Files.createTempFile("wfs-meta-bench", ".snap");
        try {
            long t = System.nanoTime();
            long digest = namespace.digest();
            System.out.printf(Locale.ROOT, "digest %016x in %.2f s%n", digest, (System.nanoTime() - t) / 1e9);
            double[] saveRates = new double[ROUNDS];
            double[] loadRates = new double[ROUNDS];
            long bytes = 0;
            boolean equal = true;
            long loadedArrays = 0;
            // Round 1 includes JIT warm-up; the median of the rounds is reported.
            for (int round = 0; round < ROUNDS; round++) {
                long t0 = System.nanoTime();
                try (FileOutputStream out = new FileOutputStream(file.toFile())) {
                    bytes = NamespaceSnapshot.save(namespace, out);
                }
                long t1 = System.nanoTime();
                Namespace loaded;
                try (InputStream in = new FileInputStream(file.toFile())) {
                    loaded = NamespaceSnapshot.load(in);
                }
                long t2 = System.nanoTime();
                boolean same = loaded.digest() == digest;
                loadedArrays = HeapFootprint.of(loaded).arrayBytes();
                equal &= same;
                saveRates[round] = inodes / ((t1 - t0) / 1e9);
                loadRates[round] = inodes / ((t2 - t1) / 1e9);
                System.out.printf(Locale.ROOT, "round %d: snapshot %,d bytes (%.1f B/inode), save %.2f s (%,.0f inodes/s),"
                        + " load %.2f s (%,.0f inodes/s), digest equal %b%n", round + 1, bytes, (double) bytes / inodes,
                        (t1 - t0) / 1e9, saveRates[round], (t2 - t1) / 1e9, loadRates[round], same);
            }
            if (loadedArrays > 0) {
                System.out.printf(Locale.ROOT, "after load (exact-size arrays): arrays %.1f B/file%n",
                        loadedArrays / (double) files);
            }
            Reference.reachabilityFence(namespace);
            return new Result(files, inodes, retained, (double) retained / files, bytes, median(saveRates),
                    median(loadRates), equal);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /** Builds the tree; deterministic, so every run measures the same state. */
    static Namespace build(int files) {
        Namespace namespace = new Namespace();
        for (int slot = 0; slot < InodeNumbers.SLOT_COUNT; slot++) {
            namespace.addSlot(slot);
        }
        long time = 1_700_000_000_000_000_000L;
        namespace.createRoot(0755, 0, 0, time);
        SlotState rootSlot = namespace.slot(0);
        LongArrayList freed = new LongArrayList();
        int directories = (files + FILES_PER_DIRECTORY - 1) / FILES_PER_DIRECTORY;
        byte[] dirName = "dir-00000000".getBytes();
        byte[] fileName = "train_000000000.jpeg".getBytes();
        int made = 0;
        for (int d = 0; d < directories; d++) {
            SlotState slot = namespace.slot(spread(d));
            digits(dirName, 4, 8, d);
            long dir = slot.createInode(MODE_DIR, 1000, 1000, InodeNumbers.ROOT, time + d);
            rootSlot.insertEntry(InodeNumbers.ROOT, dirName, dir, MODE_DIR);
            for (int f = 0; f < FILES_PER_DIRECTORY && made < files; f++, made++) {
                digits(fileName, 6, 9, made);
                long ino = slot.createInode(MODE_FILE, 1000, 1000, dir, time + made);
                slot.insertEntry(dir, fileName, ino, MODE_FILE);
                long block = slot.allocateIds(1);
                slot.files().addSlice(ino, 0, 65_536 + (made & 0xFFFF), made & 0xFF, block, 0, freed);
            }
        }
        return namespace;
    }

    private static int spread(int directory) {
        int h = directory * 0x9E3779B9;
        return (h ^ (h >>> 16)) & (InodeNumbers.SLOT_COUNT - 1);
    }

    private static void digits(byte[] target, int offset, int count, int value) {
        for (int i = offset + count - 1; i >= offset; i--) {
            target[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }

    private static long retainedHeap() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
