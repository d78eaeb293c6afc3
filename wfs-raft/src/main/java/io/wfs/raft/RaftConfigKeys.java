package io.wfs.raft;

import static io.wfs.common.config.ConfigKey.booleanKey;
import static io.wfs.common.config.ConfigKey.durationKey;
import static io.wfs.common.config.ConfigKey.intKey;
import static io.wfs.common.config.ConfigKey.sizeKey;

import io.wfs.common.config.ConfigKey;
import io.wfs.common.config.ConfigKeySet;
import java.time.Duration;
import java.util.List;

/** Raft settings shared by every jraft group of a process (meta groups, manager group). */
public final class RaftConfigKeys implements ConfigKeySet {
    public static final ConfigKey<Boolean> SYNC = booleanKey("raft.sync", true,
            "fsync the Raft log before acknowledging (per batch). false relies on 3 replicas on separate hosts: "
                    + "an acknowledged write survives any one host crash but not a simultaneous power loss of a majority.");
    public static final ConfigKey<Duration> ELECTION_TIMEOUT = durationKey("raft.election-timeout", Duration.ofSeconds(2),
            "Follower timeout before it starts an election. 1 s made leaders flap under fsync load on 2 cores; 2 s was stable.");
    public static final ConfigKey<Duration> MAX_ELECTION_DELAY = durationKey("raft.max-election-delay", Duration.ofMillis(500),
            "Upper bound of the random delay before an election; it dominates failover time after a leader crash.");
    public static final ConfigKey<Duration> SNAPSHOT_INTERVAL = durationKey("raft.snapshot-interval", Duration.ofHours(1),
            "How often each group snapshots its state machine (and can then truncate its log).");
    public static final ConfigKey<Integer> MAX_INFLIGHT = intKey("raft.max-inflight-msgs", 1024, 1, 65536,
            "Append-entries requests in flight per follower (pipelining).");
    public static final ConfigKey<Integer> APPLY_BATCH = intKey("raft.apply-batch", 128, 1, 4096,
            "Log entries jraft hands to the state machine in one go.");
    public static final ConfigKey<Integer> DISRUPTOR_BUFFER = intKey("raft.disruptor-buffer", 1024, 64, 1 << 20,
            "Ring size of each group's internal queues (power of two); small keeps memory per group low.");
    public static final ConfigKey<Integer> COMMANDS_PER_ENTRY = intKey("raft.commands-per-entry", 64, 1, 4096,
            "Most client commands packed into one Raft log entry; concurrent commands share an entry and one fsync.");
    public static final ConfigKey<Long> ENTRY_BYTES = sizeKey("raft.entry-bytes", 1L << 20, 4096, 64L << 20,
            "Most bytes of commands packed into one Raft log entry.");
    public static final ConfigKey<Long> ROCKSDB_WRITE_BUFFER = sizeKey("raft.rocksdb-write-buffer", 4L << 20, 1L << 20, 1L << 30,
            "RocksDB memtable size of each group's log (two per group); the jraft default of 64 MiB costs memory per group.");

    @Override
    public String module() {
        return "raft";
    }

    @Override
    public List<ConfigKey<?>> keys() {
        return List.of(SYNC, ELECTION_TIMEOUT, MAX_ELECTION_DELAY, SNAPSHOT_INTERVAL, MAX_INFLIGHT, APPLY_BATCH,
                DISRUPTOR_BUFFER, COMMANDS_PER_ENTRY, ENTRY_BYTES, ROCKSDB_WRITE_BUFFER);
    }
}
