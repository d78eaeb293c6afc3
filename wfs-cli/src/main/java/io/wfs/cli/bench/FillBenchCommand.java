package io.wfs.cli.bench;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.cli.ManagerOptions;
import io.wfs.cli.bench.fs.PrintWriterConsumer;
import io.wfs.cli.daemon.DaemonSupport;
import io.wfs.client.Caller;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.posix.Posix;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wfs bench fill}: puts millions of empty files into a running cluster through the client
 * library, without a mount (the FUSE round trips would make 10 M files take hours here), as a
 * mount's applications would create them: each file created and closed, under the mount's
 * asynchronous creates. For the figures that need a big namespace (fsck time and memory, meta
 * memory per file); prints the rate. Directories {@code PREFIX/dNNNNN} under the root.
 */
@Command(name = "fill", mixinStandardHelpOptions = true,
        description = "Fill a running cluster with empty files through the client library (no mount): --files in "
                + "--dirs directories under /PREFIX, from --threads threads. Prints files/s.")
public final class FillBenchCommand implements Callable<Integer> {
    @Mixin
    ManagerOptions managerOptions;

    @Option(names = "--files", defaultValue = "1000000", description = "Files to create (default ${DEFAULT-VALUE}).")
    long files;

    @Option(names = "--dirs", defaultValue = "1000", description = "Directories they are spread over (default ${DEFAULT-VALUE}).")
    int dirs;

    @Option(names = "--threads", defaultValue = "8", description = "Creating threads (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--prefix", defaultValue = "fill", description = "Folder under the root (default ${DEFAULT-VALUE}).")
    String prefix;

    @Option(names = "--no-progress", description = "No progress bar on stderr.")
    boolean noProgress;

    @Mixin
    ConfigOptions configOptions;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        if (files < 1 || dirs < 1 || threads < 1 || dirs > files) {
            throw new CommandLine.ParameterException(cl, "need --files >= --dirs >= 1 and --threads >= 1");
        }
        WfsConfig config = managerOptions.orRunningLocal(configOptions.load(cl));
        List<String> targets = managerOptions.targets(cl, config);
        AtomicLong made = new AtomicLong();
        long start = System.nanoTime();
        try (WfsClient client = new WfsClient(config.with(ClientConfigKeys.MANAGERS, String.join(",", targets)),
                DaemonSupport.secret(config, cl), new MetricRegistry());
             ProgressBar bar = noProgress ? null : new ProgressBarBuilder().setTaskName("fill").setInitialMax(files)
                     .setStyle(ProgressBarStyle.ASCII).setConsumer(new PrintWriterConsumer(cl.getErr()))
                     .setUpdateIntervalMillis(1000).setUnit(" files", 1).showSpeed().build()) {
            client.mkdir(Caller.ROOT, "/" + prefix, 0755);
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                work.add(pool.submit(() -> {
                    for (int d = thread; d < dirs; d += threads) {
                        fillDirectory(client, d, made, bar);
                    }
                    return null;
                }));
            }
            pool.shutdown();
            for (Future<?> f : work) {
                f.get();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        cl.getOut().printf("files=%d dirs=%d threads=%d seconds=%.1f files_per_s=%.0f%n", made.get(), dirs, threads,
                seconds, made.get() / seconds);
        cl.getOut().flush();
        return 0;
    }

    /** Directory {@code d}'s share of the files, each created and closed; its batches sent before the next. */
    private void fillDirectory(WfsClient client, int d, AtomicLong made, ProgressBar bar) {
        String dir = String.format("/%s/d%05d", prefix, d);
        client.mkdir(Caller.ROOT, dir, 0755);
        long n = files / dirs + (d < files % dirs ? 1 : 0);
        for (long i = 0; i < n; i++) {
            client.release(client.open(Caller.ROOT, dir + "/f" + i, Posix.O_CREAT | Posix.O_EXCL | Posix.O_WRONLY, 0644));
            made.incrementAndGet();
            if (bar != null && (i & 1023) == 1023) {
                bar.stepTo(made.get());
            }
        }
        client.fsyncdir(Caller.ROOT, dir);
        if (bar != null) {
            bar.stepTo(made.get());
        }
    }
}
