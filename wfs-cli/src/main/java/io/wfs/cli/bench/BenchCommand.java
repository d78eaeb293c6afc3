package io.wfs.cli.bench;

import io.wfs.cli.WfsCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code wfs bench}: micro-benchmarks of components ({@code rpc}) and, later, of a mounted file system. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks. 'wfs bench rpc' measures the RPC layer; 'wfs bench DIR' (file system) is not available yet.",
        subcommands = {RpcBenchCommand.class, MetaBenchCommand.class, RouteBenchCommand.class,
                StoreBenchCommand.class})
public final class BenchCommand implements Callable<Integer> {
    @Parameters(arity = "0..1", paramLabel = "DIR", description = "A mounted folder to benchmark (not available yet).")
    String dir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("wfs: the file-system benchmark (wfs bench DIR) is not available yet in this build"
                + " (tracked by issue 8); try 'wfs bench rpc'.");
        return WfsCommand.EXIT_USAGE;
    }
}
