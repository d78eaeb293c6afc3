package io.wfs.it;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.ConfigRegistry;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.server.StoreServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The store nodes of a {@link MiniCluster}: real {@code bin/wfs store} processes or
 * {@link StoreServer}s in this JVM, each with its data in {@code store<n>} under the cluster
 * folder, the cluster secret and loopback ports; {@link #close()} stops them all.
 */
final class ClusterStores implements AutoCloseable {
    private final Path dir;
    private final Path secretFile;
    private final ClusterSecret secret;
    private final List<ProcessStoreNode> processes = new ArrayList<>();
    private final List<StoreServer> servers = new ArrayList<>();
    private final List<MetricRegistry> metrics = new ArrayList<>();
    private final HostPlan hosts;
    private int next;

    ClusterStores(Path dir, Path secretFile, ClusterSecret secret, HostPlan hosts) {
        this.dir = dir;
        this.hosts = hosts;
        this.secretFile = secretFile;
        this.secret = secret;
    }

    /** Starts one more store, as a process or in this JVM, with {@code settings} on top of its own. */
    void start(boolean asProcess, Map<String, String> settings) throws Exception {
        if (asProcess) {
            configureProcess(settings).start();
        } else {
            startServer(settings);
        }
    }

    /** A store process configured (not started yet) with its own data folder and ports. */
    ProcessStoreNode configureProcess(Map<String, String> settings) throws IOException {
        String name = "store" + next++;
        ProcessStoreNode s = ProcessStoreNode.configure(dir, name, hosts.host(name), secretFile, MiniCluster.freePort(),
                MiniCluster.freePort(), settings);
        processes.add(s);
        return s;
    }

    private void startServer(Map<String, String> settings) throws Exception {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(CommonConfigKeys.SECRET_FILE.name(), secretFile.toString());
        p.put(StoreConfigKeys.RPC_ADDRESS.name(), "127.0.0.1:0");
        p.put(StoreConfigKeys.DATA_DIRS.name(), dir.resolve("store" + next++).toString());
        p.put(CommonConfigKeys.HTTP_PORT.name(), "-1");
        p.putAll(settings);
        MetricRegistry registry = new MetricRegistry();
        StoreServer server = new StoreServer(WfsConfig.load(null, p, ConfigRegistry.discover()), secret, registry);
        servers.add(server);
        metrics.add(registry);
        server.start();
    }

    /** Closes in-process store {@code s} now; the cluster will not close it again. */
    void stop(StoreServer s) {
        s.close();
        int i = servers.indexOf(s);
        servers.remove(i);
        metrics.remove(i);
    }

    ProcessStoreNode process(int i) {
        return processes.get(i);
    }

    StoreServer server(int i) {
        return servers.get(i);
    }

    MetricRegistry metrics(int i) {
        return metrics.get(i);
    }

    List<ProcessStoreNode> processes() {
        return List.copyOf(processes);
    }

    List<StoreServer> servers() {
        return List.copyOf(servers);
    }

    @Override
    public void close() throws Exception {
        for (StoreServer s : servers) {
            s.close();
        }
        for (ProcessStoreNode s : processes) {
            s.close();
        }
    }
}
