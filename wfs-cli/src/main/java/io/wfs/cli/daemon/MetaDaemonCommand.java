package io.wfs.cli.daemon;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.JvmMetrics;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.meta.manager.MetaManagerAgent;
import io.wfs.meta.manager.MetaManagerConfigKeys;
import io.wfs.meta.server.MetaConfigKeys;
import io.wfs.meta.server.MetaServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code wfs meta}: runs a metadata server until SIGTERM. */
@Command(name = "meta", mixinStandardHelpOptions = true,
        description = "Run a metadata server: this node's replicas of the meta groups, from the manager (meta.managers) "
                + "or a static slot map (meta.slot-map-file).")
public final class MetaDaemonCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions configOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        WfsConfig config = configOptions.load(cl);
        MetricRegistry registry = JvmMetrics.register(new MetricRegistry());
        boolean fromManager = !config.get(MetaManagerConfigKeys.MANAGERS).isBlank();
        SlotMap slotMap = fromManager ? null : staticSlotMap(config, cl);
        ClusterSecret secret = DaemonSupport.secret(config, cl);
        MetaManagerAgent agent;
        try {
            agent = fromManager ? MetaManagerAgent.create(config, secret, registry) : null;
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
        if (agent != null) {
            try {
                // Blocks until the manager has placed the meta groups (it needs manager.meta-replicas meta nodes).
                slotMap = agent.awaitSlotMap(config.get(MetaManagerConfigKeys.MANAGER_WAIT));
            } catch (TimeoutException e) {
                agent.close();
                cl.getErr().println("wfs meta: " + e.getMessage());
                return 1;
            }
        }
        MetaServer server = new MetaServer(config, secret, slotMap, registry);
        try {
            server.start();
        } catch (IllegalArgumentException e) {
            server.close();
            if (agent != null) {
                agent.close();
            }
            cl.getErr().println("wfs meta: " + e.getMessage());
            return 1;
        }
        if (agent != null) {
            agent.start(server);
        }
        cl.getOut().printf("wfs meta ready: rpc=%s http=%d pid=%d%n", server.rpcAddress(), server.httpPort(),
                ProcessHandle.current().pid());
        cl.getOut().flush();
        DaemonSupport.runUntilStopped(() -> {
            if (agent != null) {
                agent.close();
            }
            server.close();
        });
        return 0;
    }

    private static SlotMap staticSlotMap(WfsConfig config, CommandLine cl) {
        String mapFile = config.get(MetaConfigKeys.SLOT_MAP_FILE);
        if (mapFile.isBlank()) {
            throw new CommandLine.ParameterException(cl, MetaConfigKeys.SLOT_MAP_FILE.name() + " must be set (or "
                    + MetaManagerConfigKeys.MANAGERS.name() + ")");
        }
        try {
            return SlotMap.load(Path.of(mapFile));
        } catch (IOException e) {
            throw new CommandLine.ParameterException(cl, "cannot read the slot map: " + e.getMessage());
        }
    }
}
