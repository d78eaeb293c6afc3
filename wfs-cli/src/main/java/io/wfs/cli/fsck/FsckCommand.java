package io.wfs.cli.fsck;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wfs.cli.ConfigOptions;
import io.wfs.cli.ManagerOptions;
import io.wfs.cli.bench.fs.PrintWriterConsumer;
import io.wfs.cli.daemon.DaemonSupport;
import io.wfs.client.route.ManagedClusterView;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.ScanInodesRequest;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.MetaClient;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.meta.ops.MetaContext;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wfs fsck}: an online, read-only check of the namespace of every meta group and of the
 * blocks its files name on the stores (docs/reliability.md); --repair copies missing blocks back and
 * repairs the namespace findings its groups' leaders can repair online ({@link NamespaceRepair}).
 * Exit 0 clean, 1 damage found (repaired or not), 2 usage error, 3 the check could not run
 * to the end (a group did not answer), so scripts can tell "damaged" from "unknown".
 */
@Command(name = "fsck", mixinStandardHelpOptions = true,
        description = "Check the namespace of every meta group (link counts, dangling entries, directory links, "
                + "expired locks, orphans) and that the stores hold every file's blocks. Read-only unless --repair. Exit 0 clean, 1 damage found, 2 usage error, 3 check incomplete.")
public final class FsckCommand implements Callable<Integer> {
    public static final int EXIT_DAMAGED = 1;
    public static final int EXIT_INCOMPLETE = 3;

    @Mixin
    ManagerOptions managerOptions;

    @Option(names = "--json", description = "Print the report as JSON.")
    boolean json;

    @Option(names = "--no-progress", description = "No progress bar on stderr.")
    boolean noProgress;

    @Option(names = "--no-data", description = "Check the namespace only, not that the stores hold every file's blocks.")
    boolean noData;

    @Option(names = "--repair", description = "Repair what can be repaired online: copy a block missing on some replicas "
            + "of its volume from one that has it; finish expired locks, clear locks no intent explains, delete files "
            + "without links that nobody holds open (each by its group's leader). Still exit 1 when damage was found, as e2fsck.")
    boolean repair;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "30s",
            description = "Give up on a call after this long (default ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--lock-grace", paramLabel = "DURATION", defaultValue = "10s",
            description = "Report a lock or intent only this long after it expired (5 s), leaving the sweep time "
                    + "to clear it (default ${DEFAULT-VALUE}).")
    String lockGrace;

    @Option(names = "--page", paramLabel = "N", defaultValue = "1024",
            description = "Inodes per scan page, 1-" + ScanInodesRequest.MAX_INODES + " (default ${DEFAULT-VALUE}).")
    int page;

    @Mixin
    ConfigOptions configOptions;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        if (page < 1 || page > ScanInodesRequest.MAX_INODES) {
            throw new CommandLine.ParameterException(cl, "--page: " + page + " is not in 1-" + ScanInodesRequest.MAX_INODES);
        }
        Duration deadline = ManagerOptions.duration(cl, "--timeout", timeout);
        long horizonNs = MetaContext.LOCK_EXPIRY_NS + ManagerOptions.duration(cl, "--lock-grace", lockGrace).toNanos();
        WfsConfig config = managerOptions.orRunningLocal(configOptions.load(cl));
        List<String> targets = managerOptions.targets(cl, config);
        FsckReport report;
        try (RpcClient rpc = new RpcClient("wfs-fsck", RpcOptions.from(config), DaemonSupport.secret(config, cl), new MetricRegistry());
             ManagedClusterView cluster = new ManagedClusterView(new ManagerClient(rpc, targets, deadline), rpc, deadline,
                     Duration.ofSeconds(5));
             MetaClient meta = new MetaClient(rpc, cluster.slotMap(), deadline)) {
            cluster.onSlotMap(meta::updateSlotMap);
            DataCheck data = noData ? null : new DataCheck(meta, cluster, rpc, deadline, repair);
            report = check(cl, new NamespaceScan(meta, cluster.slotMap(), page, ScanInodesRequest.MAX_ENTRIES), horizonNs,
                    data, repair ? new NamespaceRepair(meta) : null);
        } catch (WfsException e) {
            cl.getErr().println("wfs fsck: the check could not complete: " + e.getMessage());
            return EXIT_INCOMPLETE;
        }
        print(report, cl.getOut());
        return report.clean() ? 0 : EXIT_DAMAGED;
    }

    private FsckReport check(CommandLine cl, NamespaceScan scan, long horizonNs, DataCheck data, NamespaceRepair repairs) {
        try (NamespaceCheck check = new NamespaceCheck(horizonNs)) {
            java.util.function.LongConsumer files = data == null ? null : data::file;
            if (noProgress) {
                scan.run(check, files, n -> { });
            } else {
                try (ProgressBar bar = new ProgressBarBuilder().setTaskName("fsck namespace").setInitialMax(scan.usedInodes())
                        .setStyle(ProgressBarStyle.ASCII).setConsumer(new PrintWriterConsumer(cl.getErr()))
                        .setUpdateIntervalMillis(500).setUnit(" inodes", 1).showSpeed().build()) {
                    scan.run(check, files, bar::stepBy);
                }
            }
            FsckReport report = check.finish();
            if (repairs != null) {
                repairs.run(check.repairable(), report);
            }
            return data == null ? report : report.merge(data.finish());
        }
    }

    private void print(FsckReport report, PrintWriter out) throws Exception {
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report.toMap()));
        } else {
            out.print(report.toText());
        }
        out.flush();
    }
}
