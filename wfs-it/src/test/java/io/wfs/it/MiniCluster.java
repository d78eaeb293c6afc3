package io.wfs.it;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.local.LocalCluster;
import io.wfs.client.WfsClient;
import io.wfs.common.route.MetaClient;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.testing.Await;
import io.wfs.store.manager.StoreManagerConfigKeys;
import io.wfs.store.server.StoreServer;
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
 * A whole WFS cluster on loopback for integration tests, the one way an IT starts one (after
 * Apache Ratis' MiniRaftCluster): managers, meta nodes (with a static slot map or taking their
 * groups from the managers) and stores, each in this JVM or as real {@code bin/wfs} processes,
 * with a generated secret and configuration under a fresh temp folder and ephemeral ports; then
 * FUSE mounts. Instead of its own nodes it can run the cluster of {@code wfs local} in this JVM,
 * or hand the tests of the {@code wfs local} command their launcher. {@link #close()} stops every node it started (by pid for processes) and deletes the folder, so
 * runs never collide.
 */
public final class MiniCluster implements AutoCloseable {
    private final Path dir;
    private final Path secretFile;
    private final ClusterSecret secret;
    private final SlotMap slotMap;
    private final List<MetaNode> metaNodes = new ArrayList<>();
    private final List<AutoCloseable> clients = new ArrayList<>();
    private final ClusterStores stores;
    private final WfsConfig clientConfig;
    private ManagerCluster managers;
    private LocalCluster localCluster;
    private WfsLocalCommand localCommand;
    private ClusterMounts mounts;
    private final NetworkLab network;
    private final HostPlan hosts;
    private final List<ProcessMount> mountProcesses = new ArrayList<>();

    private MiniCluster(MiniClusterBuilder shape) throws Exception {
        dir = Files.createTempDirectory("wfs-minicluster-");
        secretFile = dir.resolve("secret");
        secret = ClusterSecret.generate(secretFile);
        if (shape.hostPerProcess && (!shape.storeProcesses && shape.stores > 0
                || !shape.metaProcesses && shape.metaNodes > 0 || !shape.managerProcesses && shape.managers > 0)) {
            throw new IllegalArgumentException("hostPerProcess() needs every node to be a process");
        }
        network = shape.hostPerProcess ? new NetworkLab() : null;
        hosts = network != null ? network : HostPlan.LOOPBACK;
        stores = new ClusterStores(dir, secretFile, secret, hosts);
        if (shape.metaFromManager || shape.metaNodes == 0) {
            slotMap = null;
        } else {
            slotMap = StaticMetaNodes.configure(dir, secretFile, secret, shape, metaNodes);
        }
        clientConfig = WfsConfig.defaults().with(CommonConfigKeys.CALL_TIMEOUT, Duration.ofSeconds(3))
                .with(CommonConfigKeys.CONNECT_TIMEOUT, Duration.ofSeconds(1));
    }

    public static MiniClusterBuilder builder() {
        return new MiniClusterBuilder();
    }

    /** Starts what {@code shape} asks for, in dependency order: managers, meta nodes, stores. */
    static MiniCluster start(MiniClusterBuilder shape) throws Exception {
        MiniCluster c = new MiniCluster(shape);
        try {
            if (shape.localCluster) {
                c.localCluster = LocalCluster.start(c.dir.resolve("cluster"), shape.localSettings.apply(WfsConfig.defaults()),
                        step -> { });
            }
            if (shape.localCommand) {
                c.localCommand = new WfsLocalCommand(c.dir);
            }
            if (shape.managers > 0) {
                c.managers = ManagerCluster.startIn(c.dir, c.secretFile, c.secret, shape.managers, shape.managerProcesses,
                        shape.managerSettings, c.hosts);
            }
            if (shape.metaFromManager) {
                c.startMetaFromManager(shape);
            } else if (!c.metaNodes.isEmpty()) {
                for (MetaNode n : c.metaNodes) {
                    n.start();
                }
                c.awaitReady(Duration.ofSeconds(60));
            }
            Map<String, String> storeSettings = new java.util.LinkedHashMap<>();
            if (c.managers != null) {
                storeSettings.put(StoreManagerConfigKeys.MANAGERS.name(), c.managerList());
            }
            if (shape.storesReadSlotMap) {
                storeSettings.put(io.wfs.store.StoreConfigKeys.SLOT_MAP_FILE.name(), c.dir.resolve("slots.properties").toString());
            }
            storeSettings.putAll(shape.storeSettings);
            for (int i = 0; i < shape.stores; i++) {
                Map<String, String> settings = new java.util.LinkedHashMap<>(storeSettings);
                settings.putAll(shape.oneStoreSettings.getOrDefault(i, Map.of()));
                c.stores.start(shape.storeProcesses, settings);
            }
            if (shape.mounts > 0) {
                c.mounts = new ClusterMounts(c.dir, c.managerList(), c.secret(), shape.uncachedMounts);
                for (int i = 0; i < shape.mounts; i++) {
                    c.mounts.add("/", c.secret(), shape.mountSettings);
                }
            }
            return c;
        } catch (Exception | Error e) {
            c.close();
            throw e;
        }
    }

    private void startMetaFromManager(MiniClusterBuilder shape) throws Exception {
        if (!shape.metaProcesses || managers == null) {
            throw new IllegalArgumentException("meta nodes take their groups from the manager only as processes, with managers");
        }
        ManagedMetaNodes.startProcesses(dir, secretFile, managerList(), shape, metaNodes, hosts);
    }

    /** The manager group (when the cluster has managers). */
    ManagerCluster managers() {
        if (managers == null) {
            throw new IllegalStateException("this cluster was built without managers");
        }
        return managers;
    }

    /**
     * The configuration of meta node {@code i} taking its groups from this cluster's managers, with
     * {@code extra} on top (no HTTP port), for tests that start meta servers and agents themselves.
     */
    WfsConfig metaFromManagerConfig(int i, Map<String, String> extra) throws IOException {
        Map<String, String> p = NodeConfigFiles.metaBase(dir, i, secretFile, freePort(), freePort(), -1);
        p.put(io.wfs.meta.manager.MetaManagerConfigKeys.MANAGERS.name(), managerList());
        p.putAll(extra);
        return WfsConfig.load(null, p, io.wfs.common.config.ConfigRegistry.discover());
    }

    /** The managers' client addresses, comma-separated, as {@code *.managers} settings take them. */
    String managerList() {
        return localCluster != null ? localCluster.managerAddress() : String.join(",", managers().rpcAddresses());
    }

    /** The in-process cluster of {@code wfs local} (when built with {@link MiniClusterBuilder#localCluster()}). */
    LocalCluster localCluster() {
        return java.util.Objects.requireNonNull(localCluster, "this cluster was built without localCluster()");
    }

    /** The {@code wfs local} launcher of this cluster's folder (when built with {@link MiniClusterBuilder#localCommand()}). */
    WfsLocalCommand localCommand() {
        return java.util.Objects.requireNonNull(localCommand, "this cluster was built without localCommand()");
    }

    /** Where FUSE mount {@code i} of the builder's mounts is. */
    Path mountPoint(int i) {
        return mounts.mountPoint(i);
    }

    /** The client behind FUSE mount {@code i} (a new one after {@link #remount}). */
    WfsClient mountClient(int i) {
        return mounts.client(i);
    }

    /** The metrics of the client behind FUSE mount {@code i}. */
    com.codahale.metrics.MetricRegistry mountClientMetrics(int i) {
        return mounts.clientMetrics(i);
    }

    /**
     * One more FUSE mount in this JVM (wfs mount --subdir), rooted at the cluster's directory
     * {@code subdir}; returns its index for {@link #mountPoint(int)}. Unmounted by {@link #close()}.
     */
    int mountSubdir(String subdir) throws IOException {
        if (mounts == null) {
            mounts = new ClusterMounts(dir, managerList(), secret(), false);
        }
        return mounts.add(subdir);
    }

    /** Unmounts mount {@code i} (made by this cluster) and closes its client. */
    void unmount(int i) {
        mounts.close(i);
    }

    /**
     * One more FUSE mount in this JVM with a volume's scoped credential (wfs mount --credential):
     * rooted at the credential's volume; returns its index. Unmounted by {@link #close()}.
     */
    int mountScoped(io.wfs.common.rpc.auth.ScopedCredential credential) throws IOException {
        if (mounts == null) {
            mounts = new ClusterMounts(dir, managerList(), secret(), false);
        }
        return mounts.add("/", credential);
    }

    /**
     * One more FUSE mount in this JVM whose client configuration is the default one with
     * {@code settings} applied (e.g. wfs mount --cache-dir); returns its index. Unmounted by {@link #close()}.
     */
    int mountWith(java.util.function.UnaryOperator<WfsConfig> settings) throws IOException {
        if (mounts == null) {
            mounts = new ClusterMounts(dir, managerList(), secret(), false);
        }
        return mounts.add("/", secret(), settings);
    }

    /**
     * One more FUSE mount as a real {@code bin/wfs mount} process (on a host of its own with
     * {@link MiniClusterBuilder#hostPerProcess()}), at {@code pmnt<n>} under the cluster folder,
     * started and ready; so that a test can kill -9 a client. Stopped by {@link #close()}.
     */
    ProcessMount mountProcess() throws Exception {
        return mountProcess(Map.of());
    }

    /** As {@link #mountProcess()}, with more configuration keys for the mount ({@code key -> value}). */
    ProcessMount mountProcess(Map<String, String> settings) throws Exception {
        int n = mountProcesses.size();
        ProcessMount m = new ProcessMount(dir, "pmnt" + n, hosts.host("mount" + n), secretFile, managerList(), settings);
        mountProcesses.add(m);
        m.start();
        return m;
    }

    /** The network between this cluster's hosts (built with {@link MiniClusterBuilder#hostPerProcess()}). */
    NetworkLab network() {
        return java.util.Objects.requireNonNull(network, "this cluster was built without hostPerProcess()");
    }

    /** Unmounts mount {@code i} and closes its client, then mounts it again through a new client. */
    void remount(int i) throws IOException {
        mounts.remount(i);
    }

    /** Store {@code i} of those the builder started, as a real process. */
    ProcessStoreNode storeProcess(int i) {
        return stores.process(i);
    }

    /** Store {@code i} of those the builder started, in this JVM. */
    StoreServer storeServer(int i) {
        return stores.server(i);
    }

    /** Stops in-process store {@code s} (a failure the test causes); the cluster no longer closes it. */
    void stopStore(StoreServer s) {
        stores.stop(s);
    }

    /** The metrics of in-process store {@code i}. */
    MetricRegistry storeMetrics(int i) {
        return stores.metrics(i);
    }

    /** The stores the builder started in this JVM, in start order. */
    List<StoreServer> storeServers() {
        return stores.servers();
    }

    /** The stores the builder started as processes, in start order. */
    List<ProcessStoreNode> storeProcesses() {
        return stores.processes();
    }

    /** Runs {@code bin/wfs status} against every manager (text, or the --json document) and returns its output. */
    String statusCommand(boolean json) throws Exception {
        return WfsProcess.runStatus(managerList(), secretFile, dir, json);
    }

    Path secretFile() {
        return secretFile;
    }

    public SlotMap slotMap() {
        return slotMap;
    }

    public ClusterSecret secret() {
        return localCluster != null ? localCluster.secret() : secret;
    }

    public Path dir() {
        return dir;
    }

    public MetaNode meta(int i) {
        return metaNodes.get(i);
    }

    /** Every meta node, in start order. */
    List<MetaNode> metaNodes() {
        return List.copyOf(metaNodes);
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
        RpcClient rpc = new RpcClient("it-client", RpcOptions.from(clientConfig), secret(), new MetricRegistry());
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
        if (slotMap == null) {
            throw new IllegalStateException("only a cluster with a static slot map knows its groups");
        }
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
    public Map<String, Object> groupStatus(int i, String group) {
        return ManagedMetaNodes.groupStatus(metaNodes.get(i), group);
    }

    /**
     * Waits until every running node that replicates {@code group} reports it, all at the same
     * applied index; returns their state digests.
     */
    public List<String> convergedDigests(String group, Duration timeout) throws Exception {
        return Await.value(timeout, () -> ManagedMetaNodes.digestsIfConverged(metaNodes, group), "replicas of " + group + " converged");
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

    /** Stops every node in reverse dependency order (mounts and clients first), then deletes the folder. */
    @Override
    public void close() throws Exception {
        try {
            if (mounts != null) {
                mounts.close();
            }
            if (network != null) {
                network.heal();
            }
            for (ProcessMount m : mountProcesses) {
                m.close();
            }
            for (AutoCloseable c : clients) {
                c.close();
            }
            stores.close();
            for (MetaNode n : metaNodes) {
                n.close();
            }
            if (managers != null) {
                managers.close();
            }
            if (localCluster != null) {
                localCluster.close();
            }
            if (localCommand != null) {
                localCommand.close();
            }
        } finally {
            try {
                if (network != null) {
                    network.close();
                }
            } finally {
                deleteTree(dir);
            }
        }
    }
}
