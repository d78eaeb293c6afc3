package io.wfs.cli.admin;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.ConfigOptions;
import io.wfs.cli.ManagerOptions;
import io.wfs.cli.daemon.DaemonSupport;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.manager.ClusterStatusRequest;
import io.wfs.common.msg.manager.DrainStoreRequest;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.RouteBook;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.RouteUpdate;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.client.RpcClient;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code wfs admin drain-store NODE}: the manager copies every replica of the store to other
 * stores and opens no volume on it (docs/manager.md, "Draining a store"). With {@code --wait} it
 * prints the replicas left every few seconds until none is, then the store can be stopped with no
 * volume under-replicated. Exit 0 done (or started), 1 refused or timed out, 2 usage error.
 */
@Command(name = "drain-store", mixinStandardHelpOptions = true,
        description = "Move every replica off a store (by node id, see `wfs status`) so that it can be removed.")
public final class DrainStoreCommand implements Callable<Integer> {
    private static final long POLL_MS = 2_000;

    @Parameters(index = "0", paramLabel = "NODE", description = "The store's node id.")
    int node;

    @Option(names = "--cancel", description = "Stop draining: replicas not moved yet stay; new volumes may come again.")
    boolean cancel;

    @Option(names = "--wait", description = "Wait until no volume has a replica on the store, printing progress.")
    boolean await;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "24h",
            description = "With --wait: give up after this long (default ${DEFAULT-VALUE}).")
    String timeout;

    @Mixin
    ManagerOptions managerOptions;

    @Mixin
    ConfigOptions configOptions;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        if (node <= 0) {
            throw new CommandLine.ParameterException(cl, "NODE must be a store's node id (> 0), not " + node);
        }
        Duration limit = ManagerOptions.duration(cl, "--timeout", timeout);
        WfsConfig config = managerOptions.orRunningLocal(configOptions.load(cl));
        List<String> targets = managerOptions.targets(cl, config);
        PrintWriter out = cl.getOut();
        try (RpcClient rpc = new RpcClient("wfs-admin", RpcOptions.from(config), DaemonSupport.secret(config, cl),
                new MetricRegistry())) {
            ManagerClient manager = new ManagerClient(rpc, targets, Duration.ofSeconds(30));
            manager.call(new DrainStoreRequest(node, !cancel));
            out.println(cancel ? "store " + node + ": drain cancelled" : "store " + node + ": draining");
            out.flush();
            if (cancel || !await) {
                return 0;
            }
            long deadline = System.nanoTime() + limit.toNanos();
            while (true) {
                int left = replicasOn(manager.call(new ClusterStatusRequest()));
                out.println("store " + node + ": " + left + (left == 1 ? " replica" : " replicas") + " left");
                out.flush();
                if (left == 0) {
                    return 0;
                }
                if (System.nanoTime() > deadline) {
                    cl.getErr().println("wfs admin drain-store: " + left + " replicas still on store " + node + " after " + timeout);
                    return 1;
                }
                TimeUnit.MILLISECONDS.sleep(POLL_MS); // a progress line per poll: time is the point here
            }
        } catch (WfsException e) {
            cl.getErr().println("wfs admin drain-store: " + e.getMessage());
            return 1;
        }
    }

    private int replicasOn(ClusterStatusReply status) {
        RouteBook book = new RouteBook(1);
        book.apply(RouteUpdate.decode(status.route()));
        RouteModel route = book.model();
        int left = 0;
        for (RouteChange.Volume v : route.volumes()) {
            if (v.hasReplicaOn(node)) {
                left++;
            }
        }
        return left;
    }
}
