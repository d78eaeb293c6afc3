package io.wfs.it;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.route.MetaClient;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.testing.Await;
import io.wfs.meta.server.MetaConfigKeys;
import io.wfs.raft.RaftConfigKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A whole WFS cluster on loopback for integration tests: meta nodes (in this JVM or as real
 * {@code bin/wfs meta} processes), with a generated secret, slot map and configuration under a
 * fresh temp folder and ephemeral ports. {@link #close()} stops every node it started (by pid
 * for processes) and deletes the folder, so runs never collide.
 */
public final class MiniCluster implements AutoCloseable {
    private final Path dir;
    private final ClusterSecret secret;
    private final SlotMap slotMap;
    private final List<MetaNode> metaNodes = new ArrayList<>();
    private final List<AutoCloseable> clients = new ArrayList<>();
    private final List<ProcessStoreNode> storeNodes = new ArrayList<>();
    private final WfsConfig clientConfig;

    private MiniCluster(int metaCount, int groups, boolean processes, Map<String, String> overrides) throws Exception {
        dir = Files.createTempDirectory("wfs-minicluster-");
        Path secretFile = dir.resolve("secret");
        secret = ClusterSecret.generate(secretFile);
        List<SlotMap.Peer> peers = new ArrayList<>();
        int[][] ports = new int[metaCount][3];
        for (int i = 0; i < metaCount; i++) {
            ports[i] = new int[] {freePort(), freePort(), freePort()};
            peers.add(new SlotMap.Peer("127.0.0.1:" + ports[i][0], "127.0.0.1:" + ports[i][1]));
        }
        slotMap = splitSlots(peers, groups);
        Path mapFile = dir.resolve("slots.properties");
        Files.writeString(mapFile, slotMap.format());
        for (int i = 0; i < metaCount; i++) {
            StringBuilder props = new StringBuilder();
            props.append(CommonConfigKeys.SECRET_FILE.name()).append(" = ").append(secretFile).append('\n');
            props.append(MetaConfigKeys.SLOT_MAP_FILE.name()).append(" = ").append(mapFile).append('\n');
            props.append(MetaConfigKeys.RAFT_ADDRESS.name()).append(" = 127.0.0.1:").append(ports[i][0]).append('\n');
            props.append(MetaConfigKeys.RPC_ADDRESS.name()).append(" = 127.0.0.1:").append(ports[i][1]).append('\n');
            props.append(MetaConfigKeys.DATA_DIR.name()).append(" = ").append(dir.resolve("meta" + i)).append('\n');
            props.append(CommonConfigKeys.HTTP_PORT.name()).append(" = ").append(ports[i][2]).append('\n');
            props.append(CommonConfigKeys.HTTP_BIND.name()).append(" = 127.0.0.1\n");
            // The stable values on 2 cores (shared/TECH-NOTES.md: 1 s flapped under fsync load).
            props.append(RaftConfigKeys.ELECTION_TIMEOUT.name()).append(" = 2000ms\n");
            props.append(RaftConfigKeys.MAX_ELECTION_DELAY.name()).append(" = 500ms\n");
            props.append(CommonConfigKeys.IO_THREADS.name()).append(" = 2\n");
            props.append(CommonConfigKeys.WORKER_THREADS.name()).append(" = 8\n");
            overrides.forEach((k, v) -> props.append(k).append(" = ").append(v).append('\n'));
            Path configFile = dir.resolve("meta" + i + ".properties");
            Files.writeString(configFile, props);
            metaNodes.add(processes
                    ? new ProcessMetaNode(configFile, dir.resolve("meta" + i + ".log"), ports[i][2])
                    : new InProcessMetaNode(WfsConfig.load(configFile, Map.of(), io.wfs.common.config.ConfigRegistry.discover()),
                    secret, slotMap));
        }
        clientConfig = WfsConfig.defaults().with(CommonConfigKeys.CALL_TIMEOUT, Duration.ofSeconds(3))
                .with(CommonConfigKeys.CONNECT_TIMEOUT, Duration.ofSeconds(1));
    }

    /** Groups g0..g(n-1), each replicated on every meta node, slots split evenly. */
    private static SlotMap splitSlots(List<SlotMap.Peer> peers, int groups) {
        List<SlotMap.Group> list = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            int from = g * SlotMap.SLOTS / groups;
            int to = (g + 1) * SlotMap.SLOTS / groups;
            int[] slots = new int[to - from];
            for (int s = from; s < to; s++) {
                slots[s - from] = s;
            }
            list.add(new SlotMap.Group("g" + g, peers, slots));
        }
        return new SlotMap(1, list);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Cluster shape; defaults: 3 meta nodes, 1 group, in-process. */
    public static final class Builder {
        private int metaNodes = 3;
        private int groups = 1;
        private boolean processes;
        private final Map<String, String> overrides = new java.util.LinkedHashMap<>();

        public Builder metaNodes(int n) {
            metaNodes = n;
            return this;
        }

        public Builder groups(int n) {
            groups = n;
            return this;
        }

        /** Run meta nodes as real bin/wfs processes (needed to kill -9 them). */
        public Builder processes(boolean p) {
            processes = p;
            return this;
        }

        public Builder set(String key, String value) {
            overrides.put(key, value);
            return this;
        }

        public MiniCluster start() throws Exception {
            MiniCluster c = new MiniCluster(metaNodes, groups, processes, overrides);
            try {
                for (MetaNode n : c.metaNodes) {
                    n.start();
                }
                c.awaitReady(Duration.ofSeconds(60));
                return c;
            } catch (Exception | Error e) {
                c.close();
                throw e;
            }
        }
    }

    public SlotMap slotMap() {
        return slotMap;
    }

    public ClusterSecret secret() {
        return secret;
    }

    public Path dir() {
        return dir;
    }

    public MetaNode meta(int i) {
        return metaNodes.get(i);
    }

    public int metaCount() {
        return metaNodes.size();
    }

    /** Hands a newer slot map to every in-process meta node (what the manager will push). */
    public void publishSlotMap(SlotMap newer) {
        for (MetaNode n : metaNodes) {
            if (n instanceof InProcessMetaNode p && p.isRunning()) {
                p.server().updateSlotMap(newer);
            }
        }
    }

    public RpcClient rpcClient() {
        RpcClient rpc = new RpcClient("it-client", RpcOptions.from(clientConfig), secret, new MetricRegistry());
        clients.add(rpc);
        return rpc;
    }

    public MetaClient metaClient() {
        MetaClient c = new MetaClient(rpcClient(), slotMap, Duration.ofSeconds(30));
        clients.add(c);
        return c;
    }

    /** Waits until every group has a leader that has applied the root's creation. */
    public void awaitReady(Duration timeout) throws Exception {
        Await.until(timeout, this::everyGroupLed, "every group led (cluster ready); logs in " + dir);
    }

    private boolean everyGroupLed() throws Exception {
        for (SlotMap.Group g : slotMap.groups()) {
            if (leaderOf(g.id()) < 0) {
                return false;
            }
        }
        return true;
    }

    /** The client address of the node leading {@code group} now (for requests that must not be retried elsewhere). */
    public java.net.InetSocketAddress leaderAddress(String group) throws Exception {
        int leader = leaderOf(group);
        if (leader < 0) {
            throw new IllegalStateException("group " + group + " has no leader");
        }
        String address = slotMap.group(group).peers().get(leader).clientAddress();
        return new java.net.InetSocketAddress("127.0.0.1", Integer.parseInt(address.substring(address.lastIndexOf(':') + 1)));
    }

    /** Index of the meta node leading {@code group} (and past its first applied entry), or -1. */
    public int leaderOf(String group) throws Exception {
        for (int i = 0; i < metaNodes.size(); i++) {
            Map<String, Object> g = groupStatus(i, group);
            if (g != null && Boolean.TRUE.equals(g.get("leader")) && ((Number) g.get("appliedIndex")).longValue() > 0) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Asks the leader of {@code group} to hand leadership to the next node (in-process nodes only);
     * returns false when the group has no leader now or the leader refused (busy transferring).
     */
    public boolean moveLeadership(String group) throws Exception {
        int leader = leaderOf(group);
        if (leader < 0 || !(metaNodes.get(leader) instanceof InProcessMetaNode node)) {
            return false;
        }
        List<SlotMap.Peer> peers = slotMap.group(group).peers();
        String target = peers.get((leader + 1) % peers.size()).raftAddress();
        return node.server().replica(group).raft()
                .transferLeadershipTo(com.alipay.sofa.jraft.entity.PeerId.parsePeer(target)).isOk();
    }

    /** The /status entry of {@code group} on node {@code i}, or null if the node is down or does not host it. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> groupStatus(int i, String group) {
        MetaNode n = metaNodes.get(i);
        if (!n.isRunning()) {
            return null;
        }
        try {
            for (Map<String, Object> g : (List<Map<String, Object>>) n.status().get("groups")) {
                if (group.equals(g.get("group"))) {
                    return g;
                }
            }
        } catch (Exception e) {
            return null;
        }
        return null;
    }

    /**
     * Waits until every running node that replicates {@code group} reports it, all at the same
     * applied index; returns their state digests.
     */
    public List<String> convergedDigests(String group, Duration timeout) throws Exception {
        return Await.value(timeout, () -> digestsIfConverged(group), "replicas of " + group + " converged");
    }

    /** The state digests of {@code group}'s running replicas if all report the same applied index, else null. */
    private List<String> digestsIfConverged(String group) {
        List<String> digests = new ArrayList<>();
        long index = -1;
        boolean same = true;
        for (int i = 0; i < metaNodes.size(); i++) {
            if (!metaNodes.get(i).isRunning()) {
                continue;
            }
            Map<String, Object> g = groupStatus(i, group);
            if (g == null) {
                same = false;
                continue;
            }
            long applied = ((Number) g.get("appliedIndex")).longValue();
            same &= index < 0 || applied == index;
            index = applied;
            digests.add((String) g.get("digest"));
        }
        return same && !digests.isEmpty() ? digests : null;
    }

    /**
     * A real {@code bin/wfs store} process (not started yet) with its own data folder and ports
     * under this cluster's folder and this cluster's secret; {@link #close()} stops it.
     */
    public ProcessStoreNode processStore(Map<String, String> settings) throws IOException {
        ProcessStoreNode s = ProcessStoreNode.configure(dir, "store" + storeNodes.size(), dir.resolve("secret"),
                freePort(), freePort(), settings);
        storeNodes.add(s);
        return s;
    }

    /** An ephemeral port free right now (also used by {@link ManagerCluster}). */
    static int freePort() throws IOException {
        return io.wfs.common.rpc.FreePorts.pick();
    }

    /** Deletes a test folder and everything in it. */
    static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Override
    public void close() throws Exception {
        for (AutoCloseable c : clients) {
            c.close();
        }
        for (ProcessStoreNode s : storeNodes) {
            s.close();
        }
        for (MetaNode n : metaNodes) {
            n.close();
        }
        deleteTree(dir);
    }
}
