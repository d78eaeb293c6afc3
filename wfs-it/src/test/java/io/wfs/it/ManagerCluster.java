package io.wfs.it;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.ConfigRegistry;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.Await;
import io.wfs.manager.server.ManagerConfigKeys;
import io.wfs.raft.RaftConfigKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The manager group of a {@link MiniCluster} (in this JVM or as real {@code bin/wfs manager}
 * processes), in the cluster's folder, with its secret and ephemeral ports; ITs reach it through
 * {@link MiniCluster#managers()}. {@link #close()} stops every manager it started (by pid for
 * processes); the cluster deletes the folder.
 */
final class ManagerCluster implements AutoCloseable {
    private final Path dir;
    private final ClusterSecret secret;
    private final Path secretFile;
    private final List<ManagerNode> managers = new ArrayList<>();
    private final List<Path> configFiles = new ArrayList<>();
    private final List<AutoCloseable> clients = new ArrayList<>();

    private ManagerCluster(Path dir, Path secretFile, ClusterSecret secret, int count, boolean processes,
                           Map<String, String> overrides, HostPlan hosts) throws Exception {
        this.dir = dir;
        this.secretFile = secretFile;
        this.secret = secret;
        int[][] ports = new int[count][3];
        NodeHost[] host = new NodeHost[count];
        List<String> peers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ports[i] = new int[] {MiniCluster.freePort(), MiniCluster.freePort(), MiniCluster.freePort()};
            host[i] = processes ? hosts.host("manager" + i) : NodeHost.LOOPBACK;
            peers.add(host[i].at(ports[i][0]) + "=" + host[i].at(ports[i][1]));
        }
        for (int i = 0; i < count; i++) {
            Map<String, String> props = new LinkedHashMap<>();
            props.put(CommonConfigKeys.SECRET_FILE.name(), secretFile.toString());
            props.put(ManagerConfigKeys.RAFT_ADDRESS.name(), host[i].at(ports[i][0]));
            props.put(ManagerConfigKeys.RPC_ADDRESS.name(), host[i].at(ports[i][1]));
            props.put(ManagerConfigKeys.PEERS.name(), String.join(",", peers));
            props.put(ManagerConfigKeys.DATA_DIR.name(), dir.resolve("manager" + i).toString());
            props.put(CommonConfigKeys.HTTP_PORT.name(), Integer.toString(ports[i][2]));
            props.put(CommonConfigKeys.HTTP_BIND.name(), host[i].address());
            // The stable values on 2 cores (shared/TECH-NOTES.md: 1 s flapped under fsync load).
            props.put(RaftConfigKeys.ELECTION_TIMEOUT.name(), "2000ms");
            props.put(RaftConfigKeys.MAX_ELECTION_DELAY.name(), "500ms");
            props.put(CommonConfigKeys.IO_THREADS.name(), "2");
            props.put(CommonConfigKeys.WORKER_THREADS.name(), "8");
            props.putAll(overrides);
            StringBuilder text = new StringBuilder();
            props.forEach((k, v) -> text.append(k).append(" = ").append(v).append('\n'));
            Path configFile = dir.resolve("manager" + i + ".properties");
            Files.writeString(configFile, text);
            configFiles.add(configFile);
            managers.add(processes
                    ? new ProcessManagerNode(host[i], configFile, dir.resolve("manager" + i + ".log"),
                    host[i].at(ports[i][1]), ports[i][2])
                    : new InProcessManagerNode(WfsConfig.load(configFile, Map.of(), ConfigRegistry.discover()), secret));
        }
    }

    /**
     * Starts {@code count} managers inside a {@link MiniCluster}'s folder, with its secret, and waits
     * for a leader; the folder stays the cluster's to delete.
     */
    static ManagerCluster startIn(Path dir, Path secretFile, ClusterSecret secret, int count, boolean processes,
                                  Map<String, String> overrides, HostPlan hosts) throws Exception {
        return new ManagerCluster(dir, secretFile, secret, count, processes, overrides, hosts).startAll();
    }

    private ManagerCluster startAll() throws Exception {
        try {
            for (ManagerNode m : managers) {
                m.start();
            }
            awaitLeader(Duration.ofSeconds(60));
            return this;
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    ManagerNode manager(int i) {
        return managers.get(i);
    }

    int size() {
        return managers.size();
    }

    ClusterSecret secret() {
        return secret;
    }

    Path secretFile() {
        return secretFile;
    }

    Path configFile(int i) {
        return configFiles.get(i);
    }

    Path dir() {
        return dir;
    }

    List<String> rpcAddresses() {
        return managers.stream().map(ManagerNode::rpcAddress).toList();
    }

    /** Index of the running manager that says it leads, or -1. */
    int leader() {
        for (int i = 0; i < managers.size(); i++) {
            ManagerNode m = managers.get(i);
            try {
                if (m.isRunning() && Boolean.TRUE.equals(m.status().get("leader"))) {
                    return i;
                }
            } catch (Exception e) {
                // A manager that cannot answer is not the leader.
            }
        }
        return -1;
    }

    int awaitLeader(Duration timeout) throws InterruptedException {
        return Await.value(timeout, () -> {
            int leader = leader();
            return leader >= 0 ? leader : null;
        }, "a manager leader; logs in " + dir);
    }

    RpcClient rpcClient() {
        WfsConfig config = WfsConfig.defaults().with(CommonConfigKeys.CALL_TIMEOUT, Duration.ofSeconds(3))
                .with(CommonConfigKeys.CONNECT_TIMEOUT, Duration.ofSeconds(1));
        RpcClient rpc = new RpcClient("it-manager-client", RpcOptions.from(config), secret, new MetricRegistry());
        clients.add(rpc);
        return rpc;
    }

    /** A client of the whole manager group (follows NOT_LEADER, skips dead managers). */
    ManagerClient managerClient() {
        return new ManagerClient(rpcClient(), rpcAddresses(), Duration.ofSeconds(30));
    }

    /** Closed with the cluster (store links, heartbeat threads). */
    <T extends AutoCloseable> T closeLater(T closeable) {
        clients.add(0, closeable);
        return closeable;
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable c : clients) {
            c.close();
        }
        for (ManagerNode m : managers) {
            m.close();
        }
    }
}
