package io.wfs.cli.bench;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.SlidingTimeWindowArrayReservoir;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import io.wfs.cli.ConfigOptions;
import io.wfs.cli.local.LocalMetaCluster;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.raft.RaftConfigKeys;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Creates through a real 3-replica meta group on loopback (in this JVM): create rate and
 * latency with 1 and N creates in flight, then the failover gap when the leader stops.
 */
@Command(name = "meta-cluster", mixinStandardHelpOptions = true,
        description = "Replicated create rate, p50/p99 latency and failover time of a 3-replica meta group on loopback.")
public final class MetaClusterBenchCommand implements Callable<Integer> {
    @Option(names = "--seconds", defaultValue = "5", description = "Measured seconds per phase. Default: ${DEFAULT-VALUE}.")
    int seconds;

    @Option(names = "--inflight", defaultValue = "64", description = "Creates in flight in the second phase. Default: ${DEFAULT-VALUE}.")
    int inflight;

    @Mixin
    ConfigOptions configOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        WfsConfig config = configOptions.load(spec.commandLine());
        PrintWriter out = spec.commandLine().getOut();
        Path dir = Files.createTempDirectory("wfs-bench-meta-");
        try (LocalMetaCluster cluster = new LocalMetaCluster(dir, config, 3);
             RpcClient rpc = new RpcClient("bench", RpcOptions.from(config), cluster.secret(), new MetricRegistry());
             MetaClient client = new MetaClient(rpc, cluster.slotMap(), Duration.ofSeconds(30))) {
            if (cluster.awaitLeader(30_000) < 0) {
                throw new IllegalStateException("no leader within 30 s");
            }
            long dirIno = client.call(new MkdirRequest(client.mutation(0, 0), 1, bytes("bench"), 0755))
                    .get(30, TimeUnit.SECONDS).attr().ino();
            out.printf("Replicated creates, 3 replicas on loopback in one JVM, raft.sync=%s, %d s per phase%n",
                    config.get(RaftConfigKeys.SYNC), seconds);
            out.printf("%-16s %12s %10s %10s%n", "in flight", "creates/s", "p50 ms", "p99 ms");
            AtomicLong names = new AtomicLong();
            double[] one = run(client, dirIno, names, 1, out);
            double[] many = run(client, dirIno, names, inflight, out);
            long failoverMs = failover(cluster, client, dirIno, names);
            out.printf("failover (leader stopped -> next create acknowledged): %d ms%n", failoverMs);
            out.printf(Locale.ROOT, "creates_per_s_1=%.0f p50_ms_1=%.2f p99_ms_1=%.2f creates_per_s_%d=%.0f p50_ms_%d=%.2f"
                            + " p99_ms_%d=%.2f failover_ms=%d%n", one[0], one[1], one[2], inflight, many[0], inflight,
                    many[1], inflight, many[2], failoverMs);
            out.flush();
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        return 0;
    }

    private double[] run(MetaClient client, long dir, AtomicLong names, int lanes, PrintWriter out) throws Exception {
        Timer latency = new Timer(new SlidingTimeWindowArrayReservoir(seconds + 5, TimeUnit.SECONDS));
        AtomicLong done = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        Thread[] threads = new Thread[lanes];
        for (int i = 0; i < lanes; i++) {
            threads[i] = new Thread(() -> {
                while (System.nanoTime() < deadline && failure.get() == null) {
                    long start = System.nanoTime();
                    try {
                        client.call(new MknodRequest(client.mutation(0, 0), dir, bytes("f" + names.incrementAndGet()),
                                Posix.S_IFREG | 0644, 0)).get(30, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        failure.compareAndSet(null, e);
                        return;
                    }
                    latency.update(System.nanoTime() - start, TimeUnit.NANOSECONDS);
                    done.incrementAndGet();
                }
            }, "bench-lane-" + i);
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("create failed", failure.get());
        }
        Snapshot s = latency.getSnapshot();
        double[] r = {done.get() / (double) seconds, s.getMedian() / 1e6, s.get99thPercentile() / 1e6};
        out.printf(Locale.ROOT, "%-16d %12.0f %10.2f %10.2f%n", lanes, r[0], r[1], r[2]);
        out.flush();
        return r;
    }

    private static long failover(LocalMetaCluster cluster, MetaClient client, long dir, AtomicLong names) throws Exception {
        int leader = cluster.awaitLeader(10_000);
        long start = System.nanoTime();
        cluster.stop(leader);
        client.call(new MknodRequest(client.mutation(0, 0), dir, bytes("f" + names.incrementAndGet()), Posix.S_IFREG | 0644, 0))
                .get(60, TimeUnit.SECONDS);
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
