package io.wfs.cli.bench.fs;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * {@code wfs bench DIR}, after {@code juicefs bench}: big-file write and read, small-file write,
 * read and stat, each phase by all threads at once behind a progress bar. Works on any folder
 * (a WFS mount, a local disk, another file system), so figures compare side by side.
 */
public final class FsBench {
    private final Path root;
    private final FsBenchOptions options;
    private final PrintWriter progressOut;
    private final byte[] block;

    public FsBench(Path dir, FsBenchOptions options, PrintWriter progressOut) {
        this.root = dir.resolve("wfs-bench-" + ProcessHandle.current().pid());
        this.options = options;
        this.progressOut = progressOut;
        this.block = new byte[options.blockBytes()];
        // Random bytes: a file system that compresses or dedups must not look faster than it is.
        new Random(42).nextBytes(block);
    }

    public List<FsBenchResult> run() throws Exception {
        Files.createDirectories(root);
        List<FsBenchResult> results = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(options.threads());
        try {
            int threads = options.threads();
            if (options.bigFileBytes() > 0) {
                double mib = (double) options.bigFileBytes() * threads / (1 << 20);
                long blocks = (options.bigFileBytes() + options.blockBytes() - 1) / options.blockBytes();
                results.add(phase(pool, "Write big file", "MiB", mib, blocks, this::writeBig));
                dropCaches();
                results.add(phase(pool, "Read big file", "MiB", mib, blocks, this::readBig));
            }
            if (options.smallFiles() > 0) {
                double files = (double) options.smallFiles() * threads;
                results.add(phase(pool, "Write small file", "file", files, options.smallFiles(), this::writeSmall));
                dropCaches();
                results.add(phase(pool, "Read small file", "file", files, options.smallFiles(), this::readSmall));
                results.add(phase(pool, "Stat file", "file", files, options.smallFiles(), this::statSmall));
            }
        } finally {
            pool.shutdownNow();
            if (!options.keep()) {
                deleteTree(root);
            }
        }
        return results;
    }

    /** One thread's share of a phase; returns the nanoseconds its operations took. */
    private interface ThreadWork {
        long run(int thread, ProgressBar bar) throws IOException;
    }

    private FsBenchResult phase(ExecutorService pool, String item, String unit, double amount, long opsPerThread,
            ThreadWork work) throws Exception {
        long totalOps = opsPerThread * options.threads();
        try (ProgressBar bar = new ProgressBarBuilder().setTaskName(String.format("%-16s", item)).setInitialMax(totalOps)
                .setStyle(ProgressBarStyle.ASCII).setConsumer(new PrintWriterConsumer(progressOut))
                .setUpdateIntervalMillis(200).showSpeed().build()) {
            long start = System.nanoTime();
            List<Future<Long>> parts = new ArrayList<>();
            for (int t = 0; t < options.threads(); t++) {
                int thread = t;
                parts.add(pool.submit(() -> work.run(thread, bar)));
            }
            long busy = 0;
            for (Future<Long> f : parts) {
                busy += f.get();
            }
            long elapsed = System.nanoTime() - start;
            return new FsBenchResult(item, unit, amount, totalOps, elapsed, busy / 1e6 / Math.max(1, totalOps));
        }
    }

    private Path bigFile(int thread) {
        return root.resolve("big-" + thread);
    }

    private Path smallFile(int thread, int i) {
        return root.resolve("small-" + thread).resolve("file-" + i);
    }

    private long writeBig(int thread, ProgressBar bar) throws IOException {
        long spent = 0;
        try (FileChannel ch = FileChannel.open(bigFile(thread), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long left = options.bigFileBytes(); left > 0; left -= block.length) {
                long t = System.nanoTime();
                writeFully(ch, ByteBuffer.wrap(block, 0, (int) Math.min(left, block.length)));
                spent += System.nanoTime() - t;
                bar.step();
            }
            long t = System.nanoTime();
            // Durable, as a database or a checkpoint writer would want it.
            ch.force(true);
            spent += System.nanoTime() - t;
        }
        return spent;
    }

    private long readBig(int thread, ProgressBar bar) throws IOException {
        long spent = 0;
        ByteBuffer buf = ByteBuffer.allocate(block.length);
        long total = 0;
        try (FileChannel ch = FileChannel.open(bigFile(thread), StandardOpenOption.READ)) {
            while (true) {
                buf.clear();
                long t = System.nanoTime();
                int n = readFully(ch, buf);
                spent += System.nanoTime() - t;
                if (n <= 0) {
                    break;
                }
                total += n;
                bar.step();
            }
        }
        expect(total, options.bigFileBytes(), bigFile(thread));
        return spent;
    }

    private long writeSmall(int thread, ProgressBar bar) throws IOException {
        Files.createDirectories(smallFile(thread, 0).getParent());
        long spent = 0;
        for (int i = 0; i < options.smallFiles(); i++) {
            long t = System.nanoTime();
            try (FileChannel ch = FileChannel.open(smallFile(thread, i), StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                for (long left = options.smallFileBytes(); left > 0; left -= block.length) {
                    writeFully(ch, ByteBuffer.wrap(block, 0, (int) Math.min(left, block.length)));
                }
            }
            spent += System.nanoTime() - t;
            bar.step();
        }
        return spent;
    }

    private long readSmall(int thread, ProgressBar bar) throws IOException {
        long spent = 0;
        ByteBuffer buf = ByteBuffer.allocate(block.length);
        for (int i = 0; i < options.smallFiles(); i++) {
            long t = System.nanoTime();
            long total = 0;
            try (FileChannel ch = FileChannel.open(smallFile(thread, i), StandardOpenOption.READ)) {
                for (int n; (n = readFully(ch, buf.clear())) > 0; ) {
                    total += n;
                }
            }
            spent += System.nanoTime() - t;
            expect(total, options.smallFileBytes(), smallFile(thread, i));
            bar.step();
        }
        return spent;
    }

    private long statSmall(int thread, ProgressBar bar) throws IOException {
        long spent = 0;
        for (int i = 0; i < options.smallFiles(); i++) {
            long t = System.nanoTime();
            long size = Files.size(smallFile(thread, i));
            spent += System.nanoTime() - t;
            expect(size, options.smallFileBytes(), smallFile(thread, i));
            bar.step();
        }
        return spent;
    }

    private static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }

    /** Fills {@code b} or reaches the end of the file; the bytes read, -1 at the end. */
    private static int readFully(FileChannel ch, ByteBuffer b) throws IOException {
        int total = 0;
        while (b.hasRemaining()) {
            int n = ch.read(b);
            if (n < 0) {
                return total == 0 ? -1 : total;
            }
            total += n;
        }
        return total;
    }

    private static void expect(long got, long wanted, Path file) throws IOException {
        if (got != wanted) {
            throw new IOException(file + " has " + got + " bytes, " + wanted + " were written");
        }
    }

    /** Empties the kernel's page cache (root only), so reads reach the file system, not memory. */
    private void dropCaches() {
        if (!options.dropCaches()) {
            return;
        }
        try {
            new ProcessBuilder("sync").inheritIO().start().waitFor();
            Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3");
        } catch (IOException e) {
            progressOut.println("wfs bench: cannot drop the page cache (" + e.getMessage() + "); reads may hit memory");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
