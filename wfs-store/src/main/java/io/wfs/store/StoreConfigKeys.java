package io.wfs.store;

import static io.wfs.common.config.ConfigKey.booleanKey;
import static io.wfs.common.config.ConfigKey.durationKey;
import static io.wfs.common.config.ConfigKey.intKey;
import static io.wfs.common.config.ConfigKey.sizeKey;
import static io.wfs.common.config.ConfigKey.stringKey;

import io.wfs.common.config.ConfigKey;
import io.wfs.common.config.ConfigKeySet;
import java.time.Duration;
import java.util.List;

/** Keys of the block store ({@code wfs store}); every default lives here. */
public final class StoreConfigKeys implements ConfigKeySet {
    public static final ConfigKey<String> RPC_ADDRESS = stringKey("store.rpc-address", "127.0.0.1:0",
            "host:port this store listens on and is known by in volume replica lists (port 0 = any free port).");
    public static final ConfigKey<String> DATA_DIRS = stringKey("store.data-dirs", "wfs-data/store",
            "Comma-separated data folders (one per disk); a new volume replica goes to the one with most free space.");
    public static final ConfigKey<Long> EXTENT_SIZE = sizeKey("store.extent-size", 256L << 20, 4L << 20, 1L << 30,
            "An extent is sealed and the next one started once appending a block would exceed this size.");
    public static final ConfigKey<String> FSYNC = stringKey("store.fsync", "group",
            "When a block is durable before it is acknowledged: 'write' (fsync per block), 'group' (one fsync for"
                    + " the blocks of a short window), 'none' (page cache only: survives a process crash, not power loss).");
    public static final ConfigKey<Duration> GROUP_COMMIT_WINDOW = durationKey("store.group-commit-window",
            Duration.ZERO, "With store.fsync=group: how long the committer waits for more blocks before an fsync; 0 ="
                    + " none (blocks that arrive while an fsync runs share the next one).");
    public static final ConfigKey<Boolean> GC_ENABLED = booleanKey("store.gc.enabled", true,
            "Reclaim space of sealed extents with deleted blocks in the background.");
    public static final ConfigKey<Integer> GC_MIN_DELETED_PERCENT = intKey("store.gc.min-deleted-percent", 30, 1, 100,
            "A sealed extent is compacted once at least this share of its bytes is deleted.");
    public static final ConfigKey<Long> GC_BYTES_PER_SECOND = sizeKey("store.gc.bytes-per-second", 64L << 20, 64L << 10,
            1L << 40, "Copy throttle of the compactor, so foreground reads and writes keep their latency.");
    public static final ConfigKey<Duration> GC_INTERVAL = durationKey("store.gc.interval", Duration.ofSeconds(30),
            "Pause between two garbage-collection passes.");
    public static final ConfigKey<Boolean> SCRUB_ENABLED = booleanKey("store.scrub.enabled", true,
            "Walk every live block of every local replica in the background, check its CRC and repair a damaged"
                    + " copy from another replica.");
    public static final ConfigKey<Long> SCRUB_BYTES_PER_SECOND = sizeKey("store.scrub.bytes-per-second", 8L << 20,
            64L << 10, 1L << 40, "Read throttle of the scrubber (a 1 TB store takes about 36 h a pass at the default).");
    public static final ConfigKey<Duration> SCRUB_INTERVAL = durationKey("store.scrub.interval", Duration.ofHours(1),
            "Pause between the end of one scrub pass and the start of the next (and before the first).");
    public static final ConfigKey<Long> MIN_FREE_SPACE = sizeKey("store.min-free-space", 256L << 20, 0L, 1L << 50,
            "New blocks are refused (ENOSPC) once a data folder's file system has less than this free, leaving"
                    + " room for deletes' tombstones, repairs and GC; the store reports its free space less this.");
    public static final ConfigKey<String> SLOT_MAP_FILE = stringKey("store.slot-map-file", "",
            "Static slot map of the meta groups, for a store without a manager (tests); with store.managers the"
                    + " groups come from the manager's route and this is ignored.");
    public static final ConfigKey<String> PEERS = stringKey("store.peers", "",
            "With store.slot-map-file: comma-separated host:port of every store node; deletions drained from the"
                    + " meta groups are applied on all of them before they are acknowledged (with store.managers the"
                    + " route's up stores are used).");
    public static final ConfigKey<Duration> DRAIN_INTERVAL = durationKey("store.deletion-drain-interval",
            Duration.ofSeconds(5), "Pause between two polls of the meta groups' deletion queues.");

    public static final ConfigKey<Duration> ORPHAN_GRACE = durationKey("store.orphan.grace", Duration.ofHours(1),
            "A block no file references is deleted once it has been seen unreferenced for this long; clients must"
                    + " commit a written block's slice within it.");
    public static final ConfigKey<Duration> ORPHAN_SCAN_INTERVAL = durationKey("store.orphan.scan-interval",
            Duration.ofMinutes(10), "Pause between two orphan scans.");

    @Override
    public String module() {
        return "store";
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(RPC_ADDRESS, DATA_DIRS, EXTENT_SIZE, FSYNC, GROUP_COMMIT_WINDOW, GC_ENABLED,
                GC_MIN_DELETED_PERCENT, GC_BYTES_PER_SECOND, GC_INTERVAL, SCRUB_ENABLED, SCRUB_BYTES_PER_SECOND, SCRUB_INTERVAL, MIN_FREE_SPACE,
                SLOT_MAP_FILE, PEERS, DRAIN_INTERVAL, ORPHAN_GRACE, ORPHAN_SCAN_INTERVAL);
    }
}
