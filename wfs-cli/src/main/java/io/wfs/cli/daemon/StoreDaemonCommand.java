package io.wfs.cli.daemon;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.JvmMetrics;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.server.StoreServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code wfs store}: runs a block store until SIGTERM. */
@Command(name = "store", mixinStandardHelpOptions = true,
        description = "Run a block store: the volume replicas in its data folders, replication, reads, deletes and GC.")
public final class StoreDaemonCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions configOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        WfsConfig config = configOptions.load(cl);
        if (config.get(StoreConfigKeys.DATA_DIRS).isBlank()) {
            throw new CommandLine.ParameterException(cl, StoreConfigKeys.DATA_DIRS.name() + " must name at least one folder");
        }
        ClusterSecret secret = DaemonSupport.secret(config, cl);
        StoreServer server = new StoreServer(config, secret, JvmMetrics.register(new MetricRegistry()));
        try {
            server.start();
        } catch (IllegalArgumentException | IOException | UncheckedIOException e) {
            // Bad values the key checks cannot see (an address, an fsync policy, a data folder): exit 1 with the reason.
            server.close();
            cl.getErr().println("wfs store: " + e.getMessage());
            return 1;
        }
        cl.getOut().printf("wfs store ready: rpc=%s http=%d pid=%d volumes=%d%n", server.selfAddress(), server.httpPort(),
                ProcessHandle.current().pid(), server.volumes().all().size());
        cl.getOut().flush();
        DaemonSupport.runUntilStopped(server);
        return 0;
    }
}
