package io.wfs.cli.bench;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.common.config.WfsConfig;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.gc.GarbageCollector;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import io.wfs.common.msg.store.StoreLimits;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wfs bench store}: three block stores in this JVM on loopback. Write MB/s per block size
 * with 1 and 3 replicas, read MB/s, GC reclaim rate and write amplification, and the p99 latency
 * of a writer with GC off and on. Prints a table, then the figures in key=value form.
 */
@Command(name = "store", mixinStandardHelpOptions = true,
        description = "Block stores on loopback: write/read MB/s per block size and replica count, GC reclaim rate,"
                + " write latency with GC off and on.")
public final class StoreBenchCommand implements Callable<Integer> {
    @Option(names = "--sizes", split = ",", defaultValue = "4096,65536,1048576,4194304",
            description = "Block sizes of the write and read phases, in bytes. Default: ${DEFAULT-VALUE}.")
    int[] sizes;

    @Option(names = "--dir", description = "Disk to measure: the stores' data goes to a new folder under it, removed afterwards."
                    + " Default: the temp folder.")
    Path dir;

    @Option(names = "--bytes-per-case", defaultValue = "268435456",
            description = "Bytes written per block size and replica count. Default: ${DEFAULT-VALUE}.")
    long bytesPerCase;

    @Option(names = "--in-flight", defaultValue = "8", description = "Calls in flight in the throughput phases. Default: ${DEFAULT-VALUE}.")
    int inFlight;

    @Option(names = "--gc-bytes", defaultValue = "536870912",
            description = "Bytes of 1 MiB blocks written, half deleted, then compacted. Default: ${DEFAULT-VALUE}.")
    long gcBytes;

    @Option(names = "--gc-throttle", defaultValue = "67108864",
            description = "GC copy rate (bytes/s per node) in the 'GC on' latency phase. Default: ${DEFAULT-VALUE}.")
    long gcThrottle;

    @Option(names = "--latency-seconds", defaultValue = "5", description = "Length of each latency phase. Default: ${DEFAULT-VALUE}.")
    double latencySeconds;

    @Option(names = "--random-read-bytes", defaultValue = "268435456",
            description = "Bytes of blocks written for the random small-read phase (1 replica). Default: ${DEFAULT-VALUE}.")
    long randomReadBytes;

    @Option(names = "--random-read-block", defaultValue = "4194304",
            description = "Block size of the random small-read phase. Default: ${DEFAULT-VALUE}.")
    int randomReadBlock;

    @Option(names = "--random-read-length", defaultValue = "4096",
            description = "Bytes per read in the random small-read phase (reads are aligned to it). Default: ${DEFAULT-VALUE}.")
    int randomReadLength;

    @Option(names = "--random-reads", defaultValue = "20000",
            description = "Reads in the random small-read phase; 0 skips it. Default: ${DEFAULT-VALUE}.")
    int randomReads;

    @Option(names = "--random-reads-only",
            description = "Run only the random small-read phase (no write, read, GC and latency phases).")
    boolean randomReadsOnly;

    @Spec
    CommandSpec spec;

    private double reclaimRate;
    private double amplification;

    @Mixin
    ConfigOptions configOptions;

    @Override
    public Integer call() throws Exception {
        checkRandomReadOptions();
        WfsConfig config = configOptions.load(spec.commandLine());
        // A fresh folder even under --dir: the bench deletes its folder afterwards, never the user's.
        Path root = dir != null ? Files.createTempDirectory(Files.createDirectories(dir), "wfs-store-bench-")
                : Files.createTempDirectory("wfs-store-bench-");
        PrintWriter out = spec.commandLine().getOut();
        List<StoreBench.Result> results = new ArrayList<>();
        try (StoreBench bench = new StoreBench(config, root, 3)) {
            out.printf("block stores: 3 in one JVM on loopback, fsync=%s, extent %d MiB, %d in flight, %d MiB per case, data in %s%n",
                    config.get(StoreConfigKeys.FSYNC), config.get(StoreConfigKeys.EXTENT_SIZE) >> 20, inFlight,
                    bytesPerCase >> 20, root);
            out.printf("%-44s %9s %10s %9s %9s%n", "phase", "MB/s", "calls/s", "p50 ms", "p99 ms");
            if (randomReadsOnly) {
                randomReads(bench, out, results);
                out.printf(Locale.ROOT, "%s%n", keyValues(results));
                out.flush();
                return 0;
            }
            int[] threeReplicaVolumes = new int[sizes.length];
            for (int s = 0; s < sizes.length; s++) {
                byte[] data = StoreBench.randomBlock(sizes[s], s);
                int count = (int) Math.max(16, bytesPerCase / sizes[s]);
                for (int replicas : new int[] {1, 3}) {
                    int volume = bench.newVolume(replicas);
                    print(out, results, bench.write("write " + size(sizes[s]) + " x" + replicas, volume, 1, count, data, inFlight));
                    threeReplicaVolumes[s] = volume;
                }
            }
            for (int s = 0; s < sizes.length; s++) {
                int count = (int) Math.max(16, bytesPerCase / sizes[s]);
                print(out, results, bench.read("read " + size(sizes[s]) + " (page cache)", threeReplicaVolumes[s], 1, count,
                        sizes[s], inFlight));
            }
            randomReads(bench, out, results);
            reclaim(bench, out);
            latency(bench, out, results);
            out.printf(Locale.ROOT, "%s%n", keyValues(results));
        }
        out.flush();
        return 0;
    }

    private void checkRandomReadOptions() {
        if (randomReadBlock < 1 || randomReadBlock > StoreLimits.MAX_BLOCK_BYTES) {
            throw new ParameterException(spec.commandLine(), "--random-read-block must be 1.." + StoreLimits.MAX_BLOCK_BYTES
                    + " bytes, not " + randomReadBlock);
        }
        if (randomReadLength < 1 || randomReadLength > randomReadBlock) {
            throw new ParameterException(spec.commandLine(), "--random-read-length must be 1..--random-read-block ("
                    + randomReadBlock + ") bytes, not " + randomReadLength);
        }
    }

    /**
     * Random small reads of large blocks (from the page cache: the blocks were just written), one
     * replica: the store's cost of serving a few KiB out of a block of several MiB.
     */
    private void randomReads(StoreBench bench, PrintWriter out, List<StoreBench.Result> results) throws Exception {
        if (randomReads <= 0) {
            return;
        }
        int volume = bench.newVolume(1);
        int blocks = (int) Math.max(1, randomReadBytes / randomReadBlock);
        bench.write("random-read fill", volume, 1, blocks, StoreBench.randomBlock(randomReadBlock, 13), inFlight);
        print(out, results, bench.randomRead("random read " + size(randomReadLength) + " of " + size(randomReadBlock) + " blocks",
                volume, 1, blocks, randomReadBlock, randomReadLength, randomReads, inFlight));
    }

    /**
     * Half of the 1 MiB blocks of one node deleted (their pages punched at once), then one
     * unthrottled GC pass: how fast the space comes back, and the write amplification.
     */
    private void reclaim(StoreBench bench, PrintWriter out) throws Exception {
        int volume = bench.newVolume(1);
        int count = (int) (gcBytes >> 20);
        bench.write("gc fill", volume, 1, count, StoreBench.randomBlock(1 << 20, 9), inFlight);
        long diskBefore = bench.server(0).volumes().diskBytes();
        long start = System.nanoTime();
        long deleted = bench.deleteHalf(volume, 1, 1 << 20);
        MetricRegistry registry = new MetricRegistry();
        GarbageCollector gc = new GarbageCollector(bench.server(0).volumes(), 30, 1L << 40, registry);
        int extents = gc.runOnce().size();
        double seconds = (System.nanoTime() - start) / 1e9;
        long reclaimed = diskBefore - bench.server(0).volumes().diskBytes();
        long copied = registry.counter("store.gc.copied_bytes").getCount();
        long written = (long) count << 20;
        out.printf(Locale.ROOT, "gc: %d extents, %d MiB deleted, reclaimed %d MiB in %.2f s = %.0f MB/s; copied %d MiB;"
                        + " write amplification (user + copied) / user = %.2f, copied per reclaimed byte = %.2f%n",
                extents, deleted >> 20, reclaimed >> 20, seconds, reclaimed / seconds / 1e6, copied >> 20,
                (written + copied) / (double) written, copied / (double) Math.max(1, reclaimed));
        reclaimRate = reclaimed / seconds / 1e6;
        amplification = (written + copied) / (double) written;
    }

    /** One writer of 64 KiB blocks, 3 replicas, 1 in flight: GC off, then GC on every node (throttled). */
    private void latency(StoreBench bench, PrintWriter out, List<StoreBench.Result> results) throws Exception {
        int garbage = bench.newVolume(3);
        bench.write("latency garbage", garbage, 1, (int) (gcBytes >> 20), StoreBench.randomBlock(1 << 20, 10), inFlight);
        bench.deleteHalf(garbage, 3, 1 << 20);
        byte[] data = StoreBench.randomBlock(64 << 10, 11);
        int volume = bench.newVolume(3);
        print(out, results, bench.writeFor("write 64 KiB x3, 1 in flight, GC off", volume, 1, data, 1, latencySeconds));
        MetricRegistry registry = new MetricRegistry();
        List<Thread> collectors = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            GarbageCollector gc = new GarbageCollector(bench.server(i).volumes(), 30, gcThrottle, registry);
            Thread t = new Thread(() -> {
                try {
                    gc.runOnce();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "bench-gc-" + i);
            t.start();
            collectors.add(t);
        }
        print(out, results, bench.writeFor("write 64 KiB x3, 1 in flight, GC on", volume, 1_000_000, data, 1, latencySeconds));
        long copiedDuring = registry.counter("store.gc.copied_bytes").getCount();
        for (Thread t : collectors) {
            t.interrupt();
            t.join(30_000);
        }
        out.printf(Locale.ROOT, "  (GC copied %d MiB on the three nodes during the 'GC on' phase, throttled at %d MiB/s each)%n",
                copiedDuring >> 20, gcThrottle >> 20);
    }

    private static void print(PrintWriter out, List<StoreBench.Result> results, StoreBench.Result r) {
        results.add(r);
        out.printf(Locale.ROOT, "%-44s %9.1f %10.0f %9.2f %9.2f%n", r.name(), r.megabytesPerSecond(), r.callsPerSecond(),
                r.p50Millis(), r.p99Millis());
        out.flush();
    }

    private String keyValues(List<StoreBench.Result> results) {
        StringBuilder b = new StringBuilder();
        for (StoreBench.Result r : results) {
            String key = r.name().replaceAll("[^A-Za-z0-9]+", "_").replaceAll("_+$", "").toLowerCase(Locale.ROOT);
            b.append(String.format(Locale.ROOT, "%s_mb_s=%.1f %s_p99_ms=%.2f ", key, r.megabytesPerSecond(), key, r.p99Millis()));
        }
        b.append(String.format(Locale.ROOT, "gc_reclaim_mb_s=%.0f gc_write_amplification=%.2f", reclaimRate, amplification));
        return b.toString();
    }

    private static String size(int bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MiB" : (bytes >> 10) + " KiB";
    }
}
