package io.wfs.meta.server;

import static io.wfs.common.config.ConfigKey.durationKey;
import static io.wfs.common.config.ConfigKey.intKey;
import static io.wfs.common.config.ConfigKey.stringKey;

import io.wfs.common.config.ConfigKey;
import io.wfs.common.config.ConfigKeySet;
import java.time.Duration;
import java.util.List;

/** Keys of the metadata server ({@code wfs meta}). */
public final class MetaConfigKeys implements ConfigKeySet {
    public static final ConfigKey<String> RAFT_ADDRESS = stringKey("meta.raft-address", "",
            "host:port of this node's Raft endpoint (shared by all its groups); must appear in the slot map.");
    public static final ConfigKey<String> RPC_ADDRESS = stringKey("meta.rpc-address", "",
            "host:port where clients reach this node; the slot map pairs it with the Raft address.");
    public static final ConfigKey<String> DATA_DIR = stringKey("meta.data-dir", "wfs-data/meta",
            "Folder of the Raft logs, metadata and snapshots of this node's groups.");
    public static final ConfigKey<String> SLOT_MAP_FILE = stringKey("meta.slot-map-file", "",
            "Static slot map (slot -> group -> peers) until the manager serves it; see io.wfs.common.route.SlotMap.");
    public static final ConfigKey<Duration> SESSION_LEASE = durationKey("meta.session-lease", Duration.ofSeconds(60),
            "A client session idle this long is forgotten with its remembered results.");
    public static final ConfigKey<Duration> REANNOUNCE_WINDOW = durationKey("meta.reannounce-window",
            Duration.ofSeconds(30), "After a leader change, how long the new leader keeps every orphan (a file deleted "
                    + "while open) while the client sessions announce their open files to it; longer than two client "
                    + "session heartbeats (client.session-heartbeat), so an idle client announces in time.");
    public static final ConfigKey<Duration> PEER_CALL_TIMEOUT = durationKey("meta.peer-call-timeout",
            Duration.ofSeconds(3), "How long a meta node waits for one answer from a node of another group in a "
                    + "cross-group step before it tries that group's next node (a leader that was paused or cut off "
                    + "keeps its connections open); the step itself gives up after 10 s.");
    public static final ConfigKey<Duration> RENAME_LEASE_TERM = durationKey("meta.rename-lease-term",
            Duration.ofSeconds(15), "How long a coordinator of a directory rename across groups holds the cluster-wide "
                    + "rename lease unless it releases it; after a coordinator crash, others wait this long.");
    public static final ConfigKey<Duration> CACHE_LEASE = durationKey("meta.cache-lease", Duration.ofSeconds(2),
            "How long a client may serve names and attributes from its cache after its last lease poll to the group's "
                    + "leader (docs/metadata.md, \"Client caches with leases\"). A change waits at most this long for a "
                    + "client that stopped answering; a new leader holds mutation replies this long plus 1.5 election "
                    + "timeouts. 0: no leases, clients cache for client.attr-ttl only.");

    public static final ConfigKey<Integer> CACHE_LEASE_KEYS = intKey("meta.cache-lease-keys", 65_536, 8, 1 << 24,
            "The most directories (lease keys) one client session holds cache leases on in one group; past it the "
                    + "leader takes back the least recently granted eighth (the client forgets them and asks again when it "
                    + "needs them). Bounds the leader's memory at about 110 bytes per key per session.");

    @Override
    public String module() {
        return "meta";
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(RAFT_ADDRESS, RPC_ADDRESS, DATA_DIR, SLOT_MAP_FILE, SESSION_LEASE, REANNOUNCE_WINDOW, CACHE_LEASE_KEYS,
                RENAME_LEASE_TERM, CACHE_LEASE);
    }
}
