package io.wfs.cli.bench;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.WfsCommand;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.msg.manager.FullRouteRequest;
import io.wfs.common.msg.manager.RouteDeltaRequest;
import io.wfs.common.msg.manager.RouteReply;
import io.wfs.common.route.RouteCache;
import io.wfs.common.route.RouteHandlers;
import io.wfs.common.route.RouteUpdate;
import io.wfs.common.route.VolumeState;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.manager.command.CreateMetaGroupsCommand;
import io.wfs.manager.command.CreateVolumeCommand;
import io.wfs.manager.command.ManagerCommand;
import io.wfs.manager.command.ManagerCommands;
import io.wfs.manager.command.NodeLivenessCommand;
import io.wfs.manager.command.RegisterMetaNodeCommand;
import io.wfs.manager.command.RegisterStoreNodeCommand;
import io.wfs.manager.command.SetVolumeStateCommand;
import io.wfs.manager.placement.BalancedPlacement;
import io.wfs.manager.placement.MetaGroupPlan;
import io.wfs.manager.state.ManagerStateMachine;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Route size and fetch time for a simulated cluster: the manager's state machine is built by
 * applying the real commands (registrations, meta groups, volumes created and sealed) without
 * Raft; its full route then feeds a store-side {@link RouteCache} served on a loopback RPC
 * port, from which a client fetches the full route and a one-change delta, as clients do.
 */
@Command(name = "route", mixinStandardHelpOptions = true,
        description = "Manager routes: full-route bytes and fetch time, and delta bytes for one change, "
                + "for a simulated cluster (default 1,000 store nodes, 100,000 volumes).")
public final class RouteBenchCommand implements Callable<Integer> {
    @Option(names = "--stores", defaultValue = "1000", description = "Store nodes. Default: ${DEFAULT-VALUE}.")
    int stores;

    @Option(names = "--volumes", defaultValue = "100000", description = "Volumes (3 replicas each). Default: ${DEFAULT-VALUE}.")
    int volumes;

    @Option(names = "--meta-nodes", defaultValue = "30", description = "Meta nodes (2 groups each, 3 replicas). Default: ${DEFAULT-VALUE}.")
    int metaNodes;

    @Option(names = "--fetches", defaultValue = "30", description = "Full-route fetches timed. Default: ${DEFAULT-VALUE}.")
    int fetches;

    @Spec
    CommandSpec spec;

    private final ManagerStateMachine machine = new ManagerStateMachine(100_000);
    private long index;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (stores < 3 || volumes < stores || metaNodes < 3 || fetches < 1) {
            spec.commandLine().getErr().println("wfs: need --stores >= 3, --volumes >= --stores, --meta-nodes >= 3, --fetches >= 1");
            return WfsCommand.EXIT_USAGE;
        }
        long t0 = System.nanoTime();
        build();
        double buildSeconds = (System.nanoTime() - t0) / 1e9;
        long t1 = System.nanoTime();
        byte[] full = machine.read(s -> s.route().full());
        double encodeMs = (System.nanoTime() - t1) / 1e6;
        long before = machine.routeVersion();
        // The store joined before the changes: it holds the full route of `before`, then the deltas the manager pushes.
        RouteCache storeCache = new RouteCache(100_000);
        storeCache.apply(full);
        // The last volume created is still writable (only writable volumes change state).
        apply(new SetVolumeStateCommand(volumes, VolumeState.READ_ONLY, 0));
        byte[] oneVolume = machine.read(s -> s.route().deltaSince(before));
        if (RouteUpdate.decode(oneVolume).changes().size() != 1) {
            throw new IllegalStateException("making one volume read-only should be one change");
        }
        long beforeDown = machine.routeVersion();
        apply(new NodeLivenessCommand(new int[] {stores / 2}, false));
        byte[] nodeDown = machine.read(s -> s.route().deltaSince(beforeDown));
        int nodeDownChanges = RouteUpdate.decode(nodeDown).changes().size();
        long t2 = System.nanoTime();
        full = machine.read(s -> s.route().full());
        double reencodeMs = (System.nanoTime() - t2) / 1e6;
        // Steady state: the same encoding, repeated once the JIT has compiled it (a long-running manager's case).
        long[] encodes = new long[10];
        for (int i = 0; i < encodes.length; i++) {
            long e = System.nanoTime();
            machine.read(s -> RouteUpdate.encodeFull(s.version(), s.model().asChanges()));
            encodes[i] = System.nanoTime() - e;
        }
        Arrays.sort(encodes);

        if (!storeCache.apply(machine.read(s -> s.route().updateSince(before)))) {
            throw new IllegalStateException("the store's route did not take the manager's delta");
        }
        WfsConfig config = WfsConfig.defaults();
        ClusterSecret secret = ClusterSecret.of("route-bench-secret-" + System.nanoTime());
        HandlerRegistry handlers = new HandlerRegistry();
        RouteHandlers.register(handlers, storeCache);
        long[] fetchNs = new long[fetches];
        long[] applyNs = new long[fetches];
        long deltaNs;
        int deltaBytes;
        int deltaChanges;
        int fetchedBytes;
        try (RpcServer server = new RpcServer("bench-store", RpcOptions.from(config), secret, handlers, new MetricRegistry())
                .start(new InetSocketAddress("127.0.0.1", 0));
             RpcClient client = new RpcClient("bench-client", RpcOptions.from(config), secret, new MetricRegistry())) {
            InetSocketAddress at = server.address();
            RouteReply warm = null;
            for (int i = 0; i < 5; i++) {
                warm = client.call(at, new FullRouteRequest("bench")).get(30, TimeUnit.SECONDS);
            }
            fetchedBytes = warm.update().length;
            for (int i = 0; i < fetches; i++) {
                long s = System.nanoTime();
                RouteReply r = client.call(at, new FullRouteRequest("bench")).get(30, TimeUnit.SECONDS);
                long m = System.nanoTime();
                new RouteCache(100_000).apply(r.update());
                fetchNs[i] = m - s;
                applyNs[i] = System.nanoTime() - m;
            }
            long[] deltas = new long[fetches];
            RouteReply delta = null;
            for (int i = 0; i < 20; i++) {
                client.call(at, new RouteDeltaRequest(before)).get(30, TimeUnit.SECONDS);
            }
            for (int i = 0; i < fetches; i++) {
                long s = System.nanoTime();
                delta = client.call(at, new RouteDeltaRequest(before)).get(30, TimeUnit.SECONDS);
                deltas[i] = System.nanoTime() - s;
            }
            if (RouteUpdate.decode(delta.update()).full()) {
                throw new IllegalStateException("the store answered the full route to a delta request");
            }
            deltaBytes = delta.update().length;
            deltaChanges = RouteUpdate.decode(delta.update()).changes().size();
            Arrays.sort(deltas);
            deltaNs = deltas[fetches / 2];
        }
        Arrays.sort(fetchNs);
        Arrays.sort(applyNs);
        int groups = machine.read(s -> s.model().groups().size());
        out.printf(Locale.ROOT, "simulated cluster: %,d store nodes, %,d volumes x 3 replicas, %d meta nodes, %d groups, 4096 slots%n",
                stores, volumes, metaNodes, groups);
        out.printf(Locale.ROOT, "%-46s %16s%n", "measure", "value");
        out.printf(Locale.ROOT, "%-46s %16.2f%n", "state built by applying commands, s", buildSeconds);
        out.printf(Locale.ROOT, "%-46s %,16d%n", "route version", machine.routeVersion());
        out.printf(Locale.ROOT, "%-46s %,16d%n", "full route bytes", full.length);
        out.printf(Locale.ROOT, "%-46s %16.1f%n", "full route bytes per volume", full.length / (double) volumes);
        out.printf(Locale.ROOT, "%-46s %16.1f%n", "full route encode ms, first (cold JIT)", encodeMs);
        out.printf(Locale.ROOT, "%-46s %16.1f%n", "full route encode ms, after 2 changes", reencodeMs);
        out.printf(Locale.ROOT, "%-46s %16.1f%n", "full route encode ms, warm (p50 of 10)", encodes[5] / 1e6);
        out.printf(Locale.ROOT, "%-46s %16.1f%n", "full fetch from a store over RPC, p50 ms", fetchNs[fetches / 2] / 1e6);
        out.printf(Locale.ROOT, "%-46s %16.1f%n", "full fetch from a store over RPC, max ms", fetchNs[fetches - 1] / 1e6);
        out.printf(Locale.ROOT, "%-46s %16.1f%n", "client decode + apply of the full route, p50 ms", applyNs[fetches / 2] / 1e6);
        out.printf(Locale.ROOT, "%-46s %,16d%n", "bytes on the wire per full fetch (route only)", fetchedBytes);
        out.printf(Locale.ROOT, "%-46s %,16d%n", "delta bytes, one volume made read-only", oneVolume.length);
        out.printf(Locale.ROOT, "%-46s %,16d%n", "delta bytes, one store node down", nodeDown.length);
        out.printf(Locale.ROOT, "%-46s %,16d%n", "  changes in that delta (node + its volumes)", nodeDownChanges);
        out.printf(Locale.ROOT, "%-46s %,16d%n", "delta fetched from the store, 2 versions, bytes", deltaBytes);
        out.printf(Locale.ROOT, "%-46s %,16d%n", "  changes in that delta", deltaChanges);
        out.printf(Locale.ROOT, "%-46s %16.2f%n", "delta fetch (2 versions) over RPC, p50 ms", deltaNs / 1e6);
        out.flush();
        return 0;
    }

    /** Registers the nodes, places the meta groups, then creates volumes round the stores, sealing all but the last of each. */
    private void build() {
        int[] metaIds = new int[metaNodes];
        for (int i = 0; i < metaNodes; i++) {
            metaIds[i] = (Integer) apply(new RegisterMetaNodeCommand(host(10, i) + ":7000", host(10, i) + ":7001"));
        }
        MetaGroupPlan plan = new BalancedPlacement().metaGroups(metaIds, 3, 2);
        apply(new CreateMetaGroupsCommand(plan.peers(), plan.slotGroup()));
        int[] storeIds = new int[stores];
        for (int i = 0; i < stores; i++) {
            storeIds[i] = (Integer) apply(new RegisterStoreNodeCommand(host(20, i) + ":7100", 12, 12L * 16 << 40, 12L * 16 << 40));
        }
        for (int v = 0; v < volumes; v++) {
            int p = v % stores;
            int[] replicas = {storeIds[p], storeIds[(p + 1 + v / stores % (stores - 2)) % stores], 0};
            replicas[2] = storeIds[(p + stores / 2) % stores];
            if (replicas[2] == replicas[1]) {
                replicas[2] = storeIds[(p + stores / 2 + 1) % stores];
            }
            int id = (Integer) apply(new CreateVolumeCommand(replicas));
            if (v + stores < volumes) {
                apply(new SetVolumeStateCommand(id, VolumeState.SEALED, 0));
            }
        }
    }

    private static String host(int net, int i) {
        return "10." + net + "." + (i / 250) + "." + (i % 250 + 1);
    }

    private Object apply(ManagerCommand command) {
        Object result = machine.apply(ByteBuffer.wrap(ManagerCommands.encode(command, 1_700_000_000_000L)), ++index);
        if (result instanceof RuntimeException e) {
            throw new IllegalStateException("bench command refused: " + command, e);
        }
        return result;
    }
}
