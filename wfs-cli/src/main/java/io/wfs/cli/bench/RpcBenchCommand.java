package io.wfs.cli.bench;

import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.server.Dispatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.io.PrintWriter;
import io.wfs.cli.ConfigOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Option;

/**
 * Echo round trips over one authenticated loopback connection, in-process. Prints a table and,
 * as its last line, the figures in key=value form for docs/benchmarks.md.
 */
@Command(name = "rpc", mixinStandardHelpOptions = true,
        description = "RPC echo on loopback: round trips/s with 1 and 64 calls in flight, MB/s with 1 MiB payloads.")
public final class RpcBenchCommand implements Callable<Integer> {
    @Option(names = "--seconds", defaultValue = "5", description = "Measured seconds per phase (after 1 s warm-up). Default: ${DEFAULT-VALUE}.")
    int seconds;

    @Option(names = "--small-bytes", defaultValue = "32", description = "Payload of the round-trip phases. Default: ${DEFAULT-VALUE}.")
    int smallBytes;

    @Option(names = "--large-inflight", defaultValue = "4", description = "Calls in flight in the 1 MiB phase. Default: ${DEFAULT-VALUE}.")
    int largeInflight;

    @Option(names = "--dispatch", defaultValue = "EVENT_LOOP",
            description = "Where the echo handler runs: ${COMPLETION-CANDIDATES}. Default: ${DEFAULT-VALUE}.")
    Dispatch dispatch;


    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions configOptions;

    @Override
    public Integer call() throws Exception {
        WfsConfig config = configOptions.load(spec.commandLine())
                .with(CommonConfigKeys.CONNECTIONS_PER_PEER, 1);
        List<RpcEchoBench.Phase> phases = List.of(
                new RpcEchoBench.Phase("small, 1 in flight", smallBytes, 1),
                new RpcEchoBench.Phase("small, 64 in flight", smallBytes, 64),
                new RpcEchoBench.Phase("1 MiB, " + largeInflight + " in flight", 1 << 20, largeInflight));
        List<RpcEchoBench.Result> results = new ArrayList<>();
        PrintWriter out = spec.commandLine().getOut();
        try (RpcEchoBench bench = new RpcEchoBench(config, dispatch)) {
            out.printf("RPC echo over one loopback connection (%s, handler on %s), %d s per phase%n",
                    bench.transportName(), dispatch, seconds);
            out.printf("%-24s %12s %10s %10s %10s%n", "phase", "round trips/s", "MB/s", "p50 us", "p99 us");
            for (RpcEchoBench.Phase p : phases) {
                RpcEchoBench.Result r = bench.run(p, seconds);
                results.add(r);
                out.printf(Locale.ROOT, "%-24s %12.0f %10.1f %10.0f %10.0f%n", p.name(), r.roundTripsPerSecond(),
                        r.payloadMegabytesPerSecond(), r.p50Micros(), r.p99Micros());
            }
        }
        out.printf(Locale.ROOT, "rpc_rtt_per_s_inflight_1=%.0f rpc_rtt_per_s_inflight_64=%.0f rpc_mb_per_s_1mib=%.1f%n",
                results.get(0).roundTripsPerSecond(), results.get(1).roundTripsPerSecond(),
                results.get(2).payloadMegabytesPerSecond());
        out.flush();
        return 0;
    }
}
