package io.wfs.cli.daemon;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.client.ClientConfigKeys;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.JvmMetrics;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.csi.CsiConfigKeys;
import io.wfs.csi.CsiDriver;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wfs csi}: the Kubernetes CSI driver on a unix socket, until SIGTERM. */
@Command(name = "csi", mixinStandardHelpOptions = true,
        description = "Run the Kubernetes CSI driver (Identity, and Controller and/or Node) on a unix socket; see docs/kubernetes.md.")
public final class CsiDaemonCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--endpoint", paramLabel = "unix:///PATH", description = "The socket to serve on; overrides csi.endpoint.")
    String endpoint;

    @Option(names = "--node-id", paramLabel = "NAME", description = "This node's name (node role); overrides csi.node-id.")
    String nodeId;

    @Option(names = "--role", paramLabel = "ROLE", description = "controller, node or all; overrides csi.role.")
    String role;

    @Option(names = "--manager", paramLabel = "HOST:PORT", split = ",",
            description = "A manager of the cluster (repeatable); overrides client.managers.")
    List<String> managers;

    @Option(names = "--secret-file", paramLabel = "FILE", description = "The cluster secret (the controller role only: "
            + "the node mounts each volume with the scoped credential CreateVolume issued); overrides common.secret-file.")
    Path secretFile;

    @Option(names = "--state-dir", paramLabel = "DIR", description = "The node's state folder; overrides csi.state-dir.")
    Path stateDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        WfsConfig config = configOptions.load(cl);
        config = override(config, CsiConfigKeys.ENDPOINT, endpoint);
        config = override(config, CsiConfigKeys.NODE_ID, nodeId);
        config = override(config, CsiConfigKeys.ROLE, role);
        config = override(config, ClientConfigKeys.MANAGERS, managers == null ? null : String.join(",", managers));
        config = override(config, CommonConfigKeys.SECRET_FILE, secretFile == null ? null : secretFile.toString());
        config = override(config, CsiConfigKeys.STATE_DIR, stateDir == null ? null : stateDir.toString());
        if (config.get(ClientConfigKeys.MANAGERS).isBlank()) {
            throw new CommandLine.ParameterException(cl, "name the cluster: --manager HOST:PORT (or client.managers)");
        }
        // The node role mounts volumes with their scoped credentials: it needs no cluster secret.
        boolean nodeOnly = config.get(CsiConfigKeys.ROLE).equals("node");
        ClusterSecret secret = nodeOnly && config.get(CommonConfigKeys.SECRET_FILE).isBlank() ? null
                : DaemonSupport.secret(config, cl);
        CsiDriver driver;
        try {
            driver = new CsiDriver(config, secret, launcher(), JvmMetrics.register(new MetricRegistry()));
        } catch (IllegalArgumentException | IOException | io.wfs.common.error.WfsException e) {
            cl.getErr().println("wfs csi: " + e.getMessage());
            return 1;
        }
        cl.getOut().printf("wfs csi ready: endpoint=%s pid=%d%n", config.get(CsiConfigKeys.ENDPOINT), ProcessHandle.current().pid());
        cl.getOut().flush();
        DaemonSupport.runUntilStopped(driver);
        return 0;
    }

    private static WfsConfig override(WfsConfig config, io.wfs.common.config.ConfigKey<String> key, String value) {
        return value == null ? config : config.with(key, value);
    }

    /** bin/wfs of this distribution: the node starts each volume's wfs mount with it. */
    private static Path launcher() {
        return Path.of(System.getProperty("wfs.home", "."), "bin", "wfs");
    }
}
