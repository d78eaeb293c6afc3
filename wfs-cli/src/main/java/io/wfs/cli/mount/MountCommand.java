package io.wfs.cli.mount;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.JvmMetrics;
import io.wfs.common.metrics.MetricsHttpServer;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.auth.Credential;
import io.wfs.common.rpc.auth.ScopedCredential;
import io.wfs.fuse.WfsFuse;
import io.wfs.fuse.WfsMount;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code wfs mount}: mounts a cluster with FUSE and serves it until SIGTERM or Ctrl-C, then unmounts. */
@Command(name = "mount", mixinStandardHelpOptions = true,
        description = "Mount a WFS cluster with FUSE at MOUNTPOINT; runs in the foreground until SIGTERM/Ctrl-C "
                + "(or 'wfs umount MOUNTPOINT'), then unmounts cleanly.")
public final class MountCommand implements Callable<Integer> {
    /** The exit code when --subdir names no directory (the CSI node answers NOT_FOUND on it). */
    public static final int EXIT_NO_SUCH_DIRECTORY = 4;

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--manager", paramLabel = "HOST:PORT", split = ",",
            description = "A manager of the cluster (repeatable); overrides client.managers.")
    List<String> managers;

    @Option(names = "--secret-file", paramLabel = "FILE", description = "The cluster secret; overrides common.secret-file.")
    Path secretFile;

    @Option(names = "--credential", paramLabel = "FILE",
            description = "A volume's scoped credential (wfs credential issue) instead of the cluster secret: the mount's "
                    + "root is that volume, and the servers refuse anything outside it. --subdir, if given, must be the "
                    + "credential's path.")
    Path credentialFile;

    @Option(names = "--subdir", paramLabel = "PATH",
            description = "Mount this directory of the cluster as the root (it must exist); nothing above it can be "
                    + "seen or reached through the mount. Overrides client.subdir.")
    String subdir;

    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "Keep blocks read from the stores in this local folder (an SSD), checksummed, across mounts: "
                    + "a second read of the same data (a training job's next epoch) reads the local disk. One mount per "
                    + "folder. Overrides client.cache-dir.")
    Path cacheDir;

    @Option(names = "--cache-size", paramLabel = "SIZE",
            description = "Most bytes the read cache takes in --cache-dir (e.g. 200G); least recently used first out. "
                    + "Overrides client.cache-size (default 10 GiB).")
    String cacheSize;

    @Option(names = "-o", paramLabel = "OPTION", description = "Extra FUSE mount option (repeatable).")
    List<String> fuseOptions = List.of();

    @Option(names = "--attr-timeout", paramLabel = "DURATION",
            description = "How long the kernel may answer stat from its own cache (client.kernel-attr-timeout, default "
                    + "1s): another mount's change may show that much later. 0: every stat reaches this mount's leased "
                    + "cache, coherent with every other mount, at a cost in speed (docs/metadata.md).")
    String attrTimeout;

    @Option(names = "--entry-timeout", paramLabel = "DURATION",
            description = "How long the kernel may resolve a name from its own cache (client.kernel-entry-timeout); as "
                    + "--attr-timeout, for names.")
    String entryTimeout;

    @Parameters(paramLabel = "MOUNTPOINT", description = "The folder to mount at (created if missing).")
    Path mountPoint;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        WfsConfig config = configOptions.load(cl);
        if (managers != null && !managers.isEmpty()) {
            config = config.with(ClientConfigKeys.MANAGERS, String.join(",", managers));
        }
        if (subdir != null) {
            if (!subdir.startsWith("/")) {
                throw new CommandLine.ParameterException(cl, "--subdir takes an absolute path in the cluster: " + subdir);
            }
            config = config.with(ClientConfigKeys.SUBDIR, subdir);
        }
        if (secretFile != null) {
            config = config.with(CommonConfigKeys.SECRET_FILE, secretFile.toString());
        }
        if (cacheDir != null) {
            config = config.with(ClientConfigKeys.CACHE_DIR, cacheDir.toAbsolutePath().toString());
        }
        if (cacheSize != null) {
            try {
                config = config.with(ClientConfigKeys.CACHE_SIZE, ClientConfigKeys.CACHE_SIZE.parse(cacheSize));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, "--cache-size: " + e.getMessage());
            }
        }
        try {
            if (attrTimeout != null) {
                config = config.with(ClientConfigKeys.KERNEL_ATTR_TIMEOUT, ClientConfigKeys.KERNEL_ATTR_TIMEOUT.parse(attrTimeout));
            }
            if (entryTimeout != null) {
                config = config.with(ClientConfigKeys.KERNEL_ENTRY_TIMEOUT,
                        ClientConfigKeys.KERNEL_ENTRY_TIMEOUT.parse(entryTimeout));
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, "--attr-timeout/--entry-timeout: " + e.getMessage());
        }
        if (config.get(ClientConfigKeys.MANAGERS).isBlank()) {
            throw new CommandLine.ParameterException(cl, "name the cluster: --manager HOST:PORT (or client.managers)");
        }
        Credential secret = credential(cl, config);
        MetricRegistry registry = JvmMetrics.register(new MetricRegistry());
        MetricsHttpServer http;
        try {
            // Bound first: a port it cannot have stops the mount before anything is mounted.
            http = MountMetrics.serve(config, registry);
        } catch (IOException e) {
            cl.getErr().println("wfs mount: cannot serve metrics: " + e.getMessage());
            return 1;
        }
        WfsClient client;
        try {
            client = new WfsClient(config, secret, registry);
        } catch (io.wfs.common.error.WfsException e) {
            closeQuietly(http);
            cl.getErr().println("wfs mount: " + e.getMessage());
            return e.code() == io.wfs.common.error.WfsErrorCode.ENOENT ? EXIT_NO_SUCH_DIRECTORY : 1;
        } catch (IllegalArgumentException e) {
            closeQuietly(http);
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
        WfsMount mount;
        try {
            List<String> options = new java.util.ArrayList<>(WfsMount.kernelCacheOptions(config));
            options.addAll(fuseOptions);
            mount = WfsMount.mount(new WfsFuse(client, registry, config.get(ClientConfigKeys.FUSE_THREADS)), mountPoint, options);
        } catch (IOException | RuntimeException e) {
            client.close();
            closeQuietly(http);
            cl.getErr().println("wfs mount: " + e.getMessage());
            return 1;
        }
        cl.getOut().printf("wfs mount ready: %s pid=%d%s%n", mount.mountPoint(), ProcessHandle.current().pid(),
                http == null ? "" : " metrics=" + MountMetrics.url(config.get(CommonConfigKeys.HTTP_BIND), http));
        cl.getOut().flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            closeQuietly(http);
            mount.close();
            client.close();
            stopped.countDown();
        }, "wfs-unmount"));
        // An unmount from outside (wfs umount, fusermount -u) ends the process too.
        while (!stopped.await(1, java.util.concurrent.TimeUnit.SECONDS)) {
            if (!WfsMount.isMounted(mount.mountPoint())) {
                client.close();
                closeQuietly(http);
                return 0;
            }
        }
        return 0;
    }

    private static void closeQuietly(MetricsHttpServer http) {
        if (http != null) {
            http.close();
        }
    }

    /** The scoped credential of --credential, else the cluster secret. */
    private Credential credential(CommandLine cl, WfsConfig config) {
        if (credentialFile != null) {
            if (secretFile != null) {
                throw new CommandLine.ParameterException(cl, "give --credential or --secret-file, not both");
            }
            try {
                return ScopedCredential.load(credentialFile);
            } catch (IOException e) {
                throw new CommandLine.ParameterException(cl, "cannot read the credential: " + e.getMessage());
            }
        }
        if (config.get(CommonConfigKeys.SECRET_FILE).isBlank()) {
            throw new CommandLine.ParameterException(cl,
                    "the cluster secret or a volume's credential is needed: --secret-file FILE or --credential FILE");
        }
        try {
            return ClusterSecret.load(Path.of(config.get(CommonConfigKeys.SECRET_FILE)));
        } catch (IOException e) {
            throw new CommandLine.ParameterException(cl, "cannot read the cluster secret: " + e.getMessage());
        }
    }
}
