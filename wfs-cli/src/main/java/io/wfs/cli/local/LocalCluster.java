package io.wfs.cli.local;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.manager.server.ManagerConfigKeys;
import io.wfs.manager.server.ManagerServer;
import io.wfs.meta.manager.MetaManagerAgent;
import io.wfs.meta.manager.MetaManagerConfigKeys;
import io.wfs.meta.server.MetaConfigKeys;
import io.wfs.meta.server.MetaServer;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.manager.StoreManagerConfigKeys;
import io.wfs.store.server.StoreServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A whole cluster in this JVM — one manager, three meta servers, three stores — on loopback, all
 * data under one folder: what {@code wfs local} runs and what end-to-end tests use. One JVM, not
 * seven processes: on a 2-core machine one heap and one JIT cost far less memory and CPU, and a
 * cluster on one machine gains nothing from process isolation (docs/design-decisions.md).
 * Addresses are kept in the folder ({@link LocalLayout}), so a restart finds the same Raft peers
 * and brings back every file.
 */
public final class LocalCluster implements AutoCloseable {
    /** Where {@link #writeMetricsEndpoints} lists the metrics endpoints, in the data folder. */
    public static final String METRICS_FILE = "metrics.properties";
    public static final int NODES = 3;

    private final LocalLayout layout;
    private final ClusterSecret secret;
    private ManagerServer manager;
    private final List<MetaManagerAgent> agents = new ArrayList<>();
    private final List<MetaServer> metas = new ArrayList<>();
    private final List<StoreServer> stores = new ArrayList<>();

    private final int storeCount;

    private LocalCluster(LocalLayout layout, ClusterSecret secret, int storeCount) {
        this.layout = layout;
        this.secret = secret;
        this.storeCount = storeCount;
    }

    /** Starts (or restarts) the cluster in {@code dir}; {@code progress} hears each step. */
    public static LocalCluster start(Path dir, WfsConfig base, Consumer<String> progress) throws Exception {
        return start(dir, base, NODES, progress);
    }

    /** With {@code storeCount} stores (tests that stop one need a fourth to keep three replicas writable). */
    public static LocalCluster start(Path dir, WfsConfig base, int storeCount, Consumer<String> progress) throws Exception {
        LocalLayout layout = LocalLayout.open(dir, NODES, storeCount);
        Path secretFile = dir.resolve("secret");
        ClusterSecret secret = Files.exists(secretFile) ? ClusterSecret.load(secretFile) : ClusterSecret.generate(secretFile);
        LocalCluster c = new LocalCluster(layout, secret, storeCount);
        try {
            c.startAll(base, progress);
            return c;
        } catch (Exception e) {
            c.close();
            throw e;
        }
    }

    private void startAll(WfsConfig base, Consumer<String> progress) throws Exception {
        WfsConfig common = base.with(CommonConfigKeys.HTTP_PORT, -1)
                .with(CommonConfigKeys.SECRET_FILE, layout.dir().resolve("secret").toString());
        progress.accept("manager");
        manager = new ManagerServer(common.with(ManagerConfigKeys.RAFT_ADDRESS, layout.address("manager.raft"))
                .with(ManagerConfigKeys.RPC_ADDRESS, layout.managerAddress())
                .with(ManagerConfigKeys.PEERS, layout.address("manager.raft") + "=" + layout.managerAddress())
                .with(ManagerConfigKeys.DATA_DIR, layout.dir().resolve("manager").toString()), secret, new MetricRegistry())
                .start();
        for (int i = 0; i < storeCount; i++) {
            progress.accept("store " + (i + 1) + " of " + storeCount);
            stores.add(new StoreServer(common.with(StoreConfigKeys.RPC_ADDRESS, layout.address("store" + i))
                    .with(StoreConfigKeys.DATA_DIRS, layout.dir().resolve("store" + i).toString())
                    .with(StoreManagerConfigKeys.MANAGERS, layout.managerAddress())
                    // Metrics of the stores (disk use, deleted and reclaimed bytes, GC) on loopback.
                    .with(CommonConfigKeys.HTTP_PORT, 0).with(CommonConfigKeys.HTTP_BIND, "127.0.0.1"),
                    secret, new MetricRegistry()).start());
        }
        progress.accept("meta servers (the manager places the meta groups once all " + NODES + " have registered)");
        List<WfsConfig> metaConfigs = new ArrayList<>();
        List<CompletableFuture<SlotMap>> maps = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            WfsConfig c = common.with(MetaConfigKeys.RAFT_ADDRESS, layout.address("meta" + i + ".raft"))
                    .with(MetaConfigKeys.RPC_ADDRESS, layout.address("meta" + i + ".rpc"))
                    .with(MetaConfigKeys.DATA_DIR, layout.dir().resolve("meta" + i).toString())
                    .with(MetaManagerConfigKeys.MANAGERS, layout.managerAddress())
                    // Metrics of the meta servers (namespace size, heap) on loopback for benchmarks.
                    .with(CommonConfigKeys.HTTP_PORT, 0).with(CommonConfigKeys.HTTP_BIND, "127.0.0.1");
            metaConfigs.add(c);
            MetaManagerAgent agent = MetaManagerAgent.create(c, secret, new MetricRegistry());
            agents.add(agent);
            // Each waits for the placement, which needs all three registered: wait for them together.
            maps.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return agent.awaitSlotMap(Duration.ofMinutes(2));
                } catch (Exception e) {
                    throw new IllegalStateException("meta node " + agent + " got no slot map: " + e.getMessage(), e);
                }
            }));
        }
        for (int i = 0; i < NODES; i++) {
            SlotMap map = await(maps.get(i));
            progress.accept("meta server " + (i + 1) + " of " + NODES);
            MetaServer server = new MetaServer(metaConfigs.get(i), secret, map, new MetricRegistry()).start();
            metas.add(server);
            agents.get(i).start(server);
        }
    }

    private static <T> T await(CompletableFuture<T> f) throws Exception {
        try {
            return f.get(3, TimeUnit.MINUTES);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }

    public String managerAddress() {
        return layout.managerAddress();
    }

    public Path secretFile() {
        return layout.dir().resolve("secret");
    }

    public ClusterSecret secret() {
        return secret;
    }

    public List<StoreServer> stores() {
        return stores;
    }

    public List<MetaServer> metaServers() {
        return metas;
    }

    /**
     * Writes {@code DIR/metrics.properties}: {@code meta<i>=http://127.0.0.1:PORT/metrics} for
     * each meta server, {@code store<i>=…} for each store and {@code mount=…} for the mount (their
     * ports are picked at start, so a benchmark or test reads them here).
     */
    public Path writeMetricsEndpoints(String mountMetricsUrl) throws IOException {
        StringBuilder text = new StringBuilder("# metrics endpoints of this run of wfs local\n");
        for (int i = 0; i < metas.size(); i++) {
            text.append("meta").append(i).append("=http://127.0.0.1:").append(metas.get(i).httpPort()).append("/metrics\n");
        }
        for (int i = 0; i < stores.size(); i++) {
            text.append("store").append(i).append("=http://127.0.0.1:").append(stores.get(i).httpPort()).append("/metrics\n");
        }
        text.append("mount=").append(mountMetricsUrl).append('\n');
        Path file = layout.dir().resolve(METRICS_FILE);
        Files.writeString(file, text);
        return file;
    }

    /** Stops meta server {@code i} at once, as a crash of its node would (its disk state stays). */
    public void stopMeta(int i) {
        agents.set(i, null).close();
        metas.set(i, null).close();
    }

    /** Stops store {@code i} at once, as a crash of its node would. */
    public void stopStore(int i) {
        stores.set(i, null).close();
    }

    @Override
    public void close() {
        // Entries are null for servers a test stopped.
        for (MetaManagerAgent a : agents) {
            if (a != null) {
                a.close();
            }
        }
        for (MetaServer m : metas) {
            if (m != null) {
                m.close();
            }
        }
        for (StoreServer s : stores) {
            if (s != null) {
                s.close();
            }
        }
        if (manager != null) {
            manager.close();
        }
    }
}
