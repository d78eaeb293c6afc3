package io.wfs.manager.server;

import static io.wfs.common.config.ConfigKey.durationKey;
import static io.wfs.common.config.ConfigKey.intKey;
import static io.wfs.common.config.ConfigKey.sizeKey;
import static io.wfs.common.config.ConfigKey.stringKey;

import io.wfs.common.config.ConfigKey;
import io.wfs.common.config.ConfigKeySet;
import java.time.Duration;
import java.util.List;

/** Keys of the manager ({@code wfs manager}). */
public final class ManagerConfigKeys implements ConfigKeySet {
    public static final ConfigKey<String> RAFT_ADDRESS = stringKey("manager.raft-address", "",
            "host:port of this manager's Raft endpoint; must be one of manager.peers.");
    public static final ConfigKey<String> RPC_ADDRESS = stringKey("manager.rpc-address", "",
            "host:port where nodes and clients reach this manager.");
    public static final ConfigKey<String> PEERS = stringKey("manager.peers", "",
            "The manager group: raftHost:port=rpcHost:port, comma-separated (1 locally, 3 in production). "
                    + "Empty: a single manager at manager.raft-address / manager.rpc-address.");
    public static final ConfigKey<String> DATA_DIR = stringKey("manager.data-dir", "wfs-data/manager",
            "Folder of the manager's Raft log and snapshots.");
    public static final ConfigKey<Duration> NODE_TIMEOUT = durationKey("manager.node-timeout", Duration.ofSeconds(10),
            "A node without a heartbeat for this long is marked down: its volumes stop taking writes and are queued "
                    + "for re-replication. Several heartbeat intervals, so one lost heartbeat is not a failure.");
    public static final ConfigKey<Duration> HEARTBEAT_INTERVAL = durationKey("manager.heartbeat-interval",
            Duration.ofSeconds(1), "How often nodes are told to heartbeat (returned at registration).");
    public static final ConfigKey<Duration> CHECK_INTERVAL = durationKey("manager.check-interval", Duration.ofMillis(500),
            "How often the leader looks for dead nodes, full volumes and stores without a writable volume.");
    public static final ConfigKey<Integer> VOLUME_REPLICAS = intKey("manager.volume-replicas", 3, 1, 15,
            "Replicas of each new volume, on distinct store nodes. Below 3 only for local clusters with fewer stores.");
    public static final ConfigKey<Long> VOLUME_SIZE = sizeKey("manager.volume-size", 32L << 30, 1L << 20, 1L << 50,
            "A writable volume whose primary reports this many bytes used is sealed, and its primary gets a new one.");
    public static final ConfigKey<Integer> META_REPLICAS = intKey("manager.meta-replicas", 3, 1, 15,
            "Replicas of each meta group; groups are created once this many meta nodes have registered.");
    public static final ConfigKey<Integer> META_GROUPS_PER_NODE = intKey("manager.meta-groups-per-node", 2, 1, 64,
            "Meta group replicas per meta node (jraft groups are costly; slots give the fine granularity).");
    public static final ConfigKey<Integer> ROUTE_LOG_CHANGES = intKey("manager.route-log-changes", 100_000, 1, 10_000_000,
            "Route changes kept for deltas; a client further behind receives the full route.");
    public static final ConfigKey<Duration> REPLICATION_DELAY = durationKey("manager.replication-delay",
            Duration.ofMinutes(5),
            "How long a store must have been silent before its replicas are copied to other stores. A store back "
                    + "within it (a restart, an upgrade) keeps its replicas and nothing is copied; the copies of a "
                    + "store replaced after it are left on its disk when it returns (docs/manager.md).");
    public static final ConfigKey<Integer> REPLICATION_CONCURRENCY = intKey("manager.replication-concurrency", 2, 1, 256,
            "Volumes copied at once for re-replication, cluster-wide (each copy reads one replica and writes one store).");
    public static final ConfigKey<Duration> REPLICATION_COPY_TIMEOUT = durationKey("manager.replication-copy-timeout",
            Duration.ofHours(1),
            "How long one volume's copy may take before the leader gives up on it and tries again (another store, "
                    + "another source).");

    @Override
    public String module() {
        return "manager";
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(RAFT_ADDRESS, RPC_ADDRESS, PEERS, DATA_DIR, NODE_TIMEOUT, HEARTBEAT_INTERVAL, CHECK_INTERVAL,
                VOLUME_REPLICAS, VOLUME_SIZE, META_REPLICAS, META_GROUPS_PER_NODE, ROUTE_LOG_CHANGES, REPLICATION_DELAY,
                REPLICATION_CONCURRENCY, REPLICATION_COPY_TIMEOUT);
    }
}
