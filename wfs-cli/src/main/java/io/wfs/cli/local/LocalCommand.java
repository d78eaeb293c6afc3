package io.wfs.cli.local;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.cli.mount.MountMetrics;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.MetricsHttpServer;
import io.wfs.fuse.WfsFuse;
import io.wfs.fuse.WfsMount;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wfs local}: a whole cluster on this machine (manager, 3 meta servers, 3 stores, 3 replicas)
 * with its data under one folder, mounted at another, in one command. Foreground until Ctrl-C,
 * or {@code --background} with {@code wfs local stop} / {@code wfs local status}.
 */
@Command(name = "local", mixinStandardHelpOptions = true, subcommands = {LocalStopCommand.class, LocalStatusCommand.class},
        description = "Run a whole WFS cluster on this machine (manager, 3 meta servers, 3 stores, 3 replicas) "
                + "and mount it. Restarting on the same --dir brings every file back.")
public final class LocalCommand implements Callable<Integer> {
    /** Where the cluster lives unless --dir says otherwise: $WFS_LOCAL_DIR, else ~/.wfs/local. */
    static final Path DEFAULT_DIR = System.getenv("WFS_LOCAL_DIR") != null && !System.getenv("WFS_LOCAL_DIR").isBlank()
            ? Path.of(System.getenv("WFS_LOCAL_DIR")) : Path.of(System.getProperty("user.home"), ".wfs", "local");
    static final Path DEFAULT_MOUNT = Path.of(System.getProperty("user.home"), "wfs");
    private static final int STEPS = 2 + 2 * LocalCluster.NODES + 1;

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--dir", paramLabel = "DATA", description = "Folder of the cluster's data (default: ${DEFAULT-VALUE}).")
    Path dir = DEFAULT_DIR;

    @Option(names = "--mount", paramLabel = "MOUNTPOINT", description = "Where to mount it (default: ${DEFAULT-VALUE}).")
    Path mountPoint = DEFAULT_MOUNT;

    @Option(names = {"-b", "--background"}, description = "Start in the background and return once mounted.")
    boolean background;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        PrintWriter out = cl.getOut();
        dir = dir.toAbsolutePath().normalize();
        mountPoint = mountPoint.toAbsolutePath().normalize();
        LocalPidFile pidFile = new LocalPidFile(dir);
        var running = pidFile.running();
        if (running.isPresent()) {
            cl.getErr().printf("wfs local: already running (pid %d), mounted at %s%n", running.get().pid(),
                    running.get().mountPoint());
            return 1;
        }
        if (background) {
            return LocalBackground.start(dir, mountPoint, configOptions.asArguments(), out, cl.getErr());
        }
        WfsConfig config = configOptions.load(cl);
        AtomicInteger step = new AtomicInteger();
        out.printf("wfs local: starting a cluster with its data in %s%n", dir);
        out.flush();
        LocalCluster cluster = LocalCluster.start(dir, config, what -> {
            out.printf("  [%d/%d] %s%n", step.incrementAndGet(), STEPS, what);
            out.flush();
        });
        WfsClient client;
        WfsMount mount;
        // The mount's client and FUSE metrics in one registry, served as the servers' are.
        MetricRegistry mountRegistry = new MetricRegistry();
        MetricsHttpServer mountHttp;
        try {
            out.printf("  [%d/%d] mount at %s%n", step.incrementAndGet(), STEPS, mountPoint);
            out.flush();
            client = new WfsClient(config.with(ClientConfigKeys.MANAGERS, cluster.managerAddress()), cluster.secret(),
                    mountRegistry);
            mount = WfsMount.mount(new WfsFuse(client, mountRegistry, config.get(ClientConfigKeys.FUSE_THREADS)), mountPoint,
                    WfsMount.kernelCacheOptions(config));
            mountHttp = MountMetrics.serveOn("127.0.0.1", 0, mountRegistry);
        } catch (Exception e) {
            cluster.close();
            cl.getErr().println("wfs local: " + e.getMessage());
            return 1;
        }
        cluster.writeMetricsEndpoints(MountMetrics.url("127.0.0.1", mountHttp));
        pidFile.write(ProcessHandle.current().pid(), mountPoint);
        out.printf("wfs local ready: WFS is mounted at %s (data in %s, manager %s, secret %s). "
                + "Ctrl-C or 'wfs local stop' stops it.%n", mountPoint, dir, cluster.managerAddress(), cluster.secretFile());
        out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            mountHttp.close();
            mount.close();
            client.close();
            cluster.close();
            pidFile.delete();
            try {
                java.nio.file.Files.deleteIfExists(dir.resolve(LocalCluster.METRICS_FILE));
            } catch (java.io.IOException e) {
                // Harmless: the next start rewrites it.
            }
            stopped.countDown();
        }, "wfs-local-stop"));
        while (!stopped.await(1, TimeUnit.SECONDS)) {
            if (!WfsMount.isMounted(mountPoint)) {
                // Unmounted from outside: stop the cluster as well (the shutdown hook does it).
                System.exit(0);
            }
        }
        return 0;
    }
}
