package io.wfs.cli.daemon;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.JvmMetrics;
import io.wfs.manager.server.ManagerServer;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code wfs manager}: runs this process's replica of the manager group until SIGTERM. */
@Command(name = "manager", mixinStandardHelpOptions = true,
        description = "Run a manager (topology authority): this node's replica of the manager group "
                + "(manager.peers; 1 locally, 3 in production).")
public final class ManagerDaemonCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions configOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        WfsConfig config = configOptions.load(cl);
        ManagerServer server = new ManagerServer(config, DaemonSupport.secret(config, cl),
                JvmMetrics.register(new MetricRegistry()));
        try {
            server.start();
        } catch (IllegalArgumentException e) {
            // Bad addresses or peers: checked before anything binds, so nothing is left running.
            server.close();
            cl.getErr().println("wfs manager: " + e.getMessage());
            return 1;
        }
        cl.getOut().printf("wfs manager ready: rpc=%s http=%d pid=%d%n", server.rpcAddress(), server.httpPort(),
                ProcessHandle.current().pid());
        cl.getOut().flush();
        DaemonSupport.runUntilStopped(server);
        return 0;
    }
}
