package io.wfs.cli.status;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.wfs.cli.ConfigOptions;
import io.wfs.cli.ManagerOptions;
import io.wfs.cli.daemon.DaemonSupport;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.ClusterStatusRequest;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.client.RpcClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wfs status}: asks the manager leader (following NOT_LEADER hints from any manager
 * given) for nodes, groups, slots, volumes and the route version.
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Show nodes, groups (with leaders), slot distribution, volumes (fill, state) and the route version.")
public final class StatusCommand implements Callable<Integer> {
    @Mixin
    ManagerOptions managerOptions;

    @Option(names = "--json", description = "Print the status as JSON.")
    boolean json;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "10s",
            description = "Give up after this long (default ${DEFAULT-VALUE}).")
    String timeout;

    @Mixin
    ConfigOptions configOptions;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        WfsConfig config = managerOptions.orRunningLocal(configOptions.load(cl));
        List<String> targets = managerOptions.targets(cl, config);
        Duration deadline = ManagerOptions.duration(cl, "--timeout", timeout);
        Map<String, Object> doc;
        try {
            doc = ask(config, cl, targets, deadline);
        } catch (WfsException e) {
            cl.getErr().println("wfs status: no answer from the manager leader (" + targets + "): " + e.getMessage());
            return 1;
        }
        if (json) {
            cl.getOut().println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(doc));
            cl.getOut().flush();
        } else {
            StatusText.print(doc, cl.getOut());
        }
        return 0;
    }

    /** The cluster's view from the manager leader among {@code targets} ({@code wfs local status} shows it too). */
    public static Map<String, Object> ask(WfsConfig config, CommandLine cl, List<String> targets, Duration deadline) {
        try (RpcClient rpc = new RpcClient("wfs-status", RpcOptions.from(config), DaemonSupport.secret(config, cl),
                new MetricRegistry())) {
            return ClusterStatusView.of(new ManagerClient(rpc, targets, deadline).call(new ClusterStatusRequest()));
        }
    }
}
