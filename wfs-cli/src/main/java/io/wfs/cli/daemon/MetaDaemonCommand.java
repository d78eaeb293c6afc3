package io.wfs.cli.daemon;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.JvmMetrics;
import io.wfs.common.route.SlotMap;
import io.wfs.meta.server.MetaConfigKeys;
import io.wfs.meta.server.MetaServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code wfs meta}: runs a metadata server until SIGTERM. */
@Command(name = "meta", mixinStandardHelpOptions = true,
        description = "Run a metadata server: this node's replicas of the meta groups in the slot map.")
public final class MetaDaemonCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions configOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        WfsConfig config = configOptions.load(cl);
        String mapFile = config.get(MetaConfigKeys.SLOT_MAP_FILE);
        if (mapFile.isBlank()) {
            throw new CommandLine.ParameterException(cl, MetaConfigKeys.SLOT_MAP_FILE.name() + " must be set");
        }
        SlotMap slotMap;
        try {
            slotMap = SlotMap.load(Path.of(mapFile));
        } catch (IOException e) {
            throw new CommandLine.ParameterException(cl, "cannot read the slot map: " + e.getMessage());
        }
        MetaServer server = new MetaServer(config, DaemonSupport.secret(config, cl), slotMap,
                JvmMetrics.register(new MetricRegistry()));
        try {
            server.start();
        } catch (IllegalArgumentException e) {
            server.close();
            cl.getErr().println("wfs meta: " + e.getMessage());
            return 1;
        }
        cl.getOut().printf("wfs meta ready: rpc=%s http=%d pid=%d%n", server.rpcAddress(), server.httpPort(),
                ProcessHandle.current().pid());
        cl.getOut().flush();
        DaemonSupport.runUntilStopped(server);
        return 0;
    }
}
