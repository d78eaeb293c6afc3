package io.wfs.cli.local;

import io.wfs.cli.ManagerTargets;
import io.wfs.cli.status.StatusCommand;
import io.wfs.cli.status.StatusText;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsException;
import io.wfs.fuse.WfsMount;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code wfs local status}: whether the local cluster of a folder runs, where it is mounted, its
 * metrics endpoints, and the cluster view of {@code wfs status}. Exit 0 if running.
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Show whether the local cluster runs, where it is mounted, and its nodes, groups and volumes.")
public final class LocalStatusCommand implements Callable<Integer> {
    @Option(names = "--dir", paramLabel = "DATA", description = "Folder of the cluster's data (default: ${DEFAULT-VALUE}).")
    Path dir = LocalCommand.DEFAULT_DIR;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Optional<LocalPidFile.Running> running = new LocalPidFile(dir.toAbsolutePath().normalize()).running();
        if (running.isEmpty()) {
            spec.commandLine().getOut().println("wfs local: not running (data in " + dir + ")");
            return 3;
        }
        Path m = running.get().mountPoint();
        spec.commandLine().getOut().printf("wfs local: running (pid %d), %s at %s, data in %s%n", running.get().pid(),
                WfsMount.isMounted(m) ? "mounted" : "NOT mounted", m, dir);
        Path metrics = dir.toAbsolutePath().normalize().resolve(LocalCluster.METRICS_FILE);
        if (java.nio.file.Files.exists(metrics)) {
            for (String line : java.nio.file.Files.readAllLines(metrics)) {
                if (!line.startsWith("#")) {
                    spec.commandLine().getOut().println("  metrics " + line.replace('=', ' '));
                }
            }
        }
        // The same cluster view as wfs status, from this cluster's own manager.
        WfsConfig config = LocalDefaults.orRunningLocal(WfsConfig.defaults(), dir.toAbsolutePath().normalize());
        spec.commandLine().getOut().println();
        try {
            StatusText.print(StatusCommand.ask(config, spec.commandLine(), ManagerTargets.configured(config),
                    Duration.ofSeconds(10)), spec.commandLine().getOut());
        } catch (WfsException e) {
            spec.commandLine().getOut().println("cluster: no answer from its manager: " + e.getMessage());
        }
        spec.commandLine().getOut().flush();
        return 0;
    }
}
