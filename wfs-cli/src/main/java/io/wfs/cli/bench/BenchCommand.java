package io.wfs.cli.bench;

import io.wfs.cli.WfsCommand;
import io.wfs.cli.bench.fs.FsBench;
import io.wfs.cli.bench.fs.FsBenchOptions;
import io.wfs.cli.bench.fs.FsBenchResult;
import io.wfs.cli.bench.fs.FsBenchTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code wfs bench DIR}: the file-system benchmark of a folder (a WFS mount or any other, for
 * comparison), and, as subcommands, micro-benchmarks of components ({@code rpc}, {@code meta},
 * {@code route}, {@code store}).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Benchmark a mounted folder: big-file write and read, small-file write, read and stat, "
                + "with a progress bar and a final table (like 'juicefs bench').",
                "Subcommands benchmark components: rpc, meta, route, store."},
        subcommands = {RpcBenchCommand.class, MetaBenchCommand.class, RouteBenchCommand.class,
                StoreBenchCommand.class})
public final class BenchCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "DIR", description = "The folder to benchmark (a WFS mount, a local disk, ...).")
    Path dir;

    @Option(names = "--big-file-size", paramLabel = "MiB", description = "Size of each thread's big file (default: ${DEFAULT-VALUE}).")
    long bigFileMib = 1024;

    @Option(names = "--block-size", paramLabel = "KiB", description = "Size of each write and read request (default: ${DEFAULT-VALUE}).")
    int blockKib = 1024;

    @Option(names = "--small-file-size", paramLabel = "KiB", description = "Size of each small file (default: ${DEFAULT-VALUE}).")
    long smallFileKib = 128;

    @Option(names = "--small-file-count", paramLabel = "N", description = "Small files per thread (default: ${DEFAULT-VALUE}).")
    int smallFiles = 100;

    @Option(names = {"-p", "--threads"}, paramLabel = "N", description = "Threads running each phase together (default: ${DEFAULT-VALUE}).")
    int threads = 1;

    @Option(names = "--drop-caches", description = "Empty the kernel's page cache before each read phase (needs root).")
    boolean dropCaches;

    @Option(names = "--keep", description = "Leave the files behind (in DIR/wfs-bench-PID) instead of deleting them.")
    boolean keep;

    @Option(names = "--json", description = "Also print the figures as one JSON line after the table.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (dir == null) {
            spec.commandLine().usage(spec.commandLine().getErr());
            return WfsCommand.EXIT_USAGE;
        }
        if (!Files.isDirectory(dir)) {
            spec.commandLine().getErr().println("wfs bench: " + dir + " is not a folder");
            return WfsCommand.EXIT_USAGE;
        }
        FsBenchOptions options;
        try {
            options = new FsBenchOptions(bigFileMib << 20, Math.toIntExact((long) blockKib << 10), smallFileKib << 10,
                    smallFiles, threads, dropCaches, keep);
        } catch (IllegalArgumentException | ArithmeticException e) {
            spec.commandLine().getErr().println("wfs bench: " + e.getMessage());
            return WfsCommand.EXIT_USAGE;
        }
        spec.commandLine().getOut().printf("wfs bench %s: %d thread(s), big file %d MiB in %d KiB requests, "
                + "%d small files of %d KiB per thread%n", dir, threads, bigFileMib, blockKib, smallFiles, smallFileKib);
        List<FsBenchResult> results = new FsBench(dir, options, spec.commandLine().getErr()).run();
        FsBenchTable.print(spec.commandLine().getOut(), results);
        if (json) {
            FsBenchTable.printJson(spec.commandLine().getOut(), results);
        }
        spec.commandLine().getOut().flush();
        return 0;
    }
}
