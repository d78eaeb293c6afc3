package io.wfs.raft;

import io.wfs.common.config.WfsConfig;
import java.time.Duration;

/** The Raft settings of a process, read once from the configuration ({@link RaftConfigKeys}). */
public record RaftGroupOptions(boolean sync, Duration electionTimeout, Duration maxElectionDelay,
                               Duration snapshotInterval, int maxInflight, int applyBatch, int disruptorBuffer,
                               int commandsPerEntry, long entryBytes, long rocksdbWriteBuffer) {

    public static RaftGroupOptions from(WfsConfig c) {
        return new RaftGroupOptions(c.get(RaftConfigKeys.SYNC), c.get(RaftConfigKeys.ELECTION_TIMEOUT),
                c.get(RaftConfigKeys.MAX_ELECTION_DELAY), c.get(RaftConfigKeys.SNAPSHOT_INTERVAL),
                c.get(RaftConfigKeys.MAX_INFLIGHT), c.get(RaftConfigKeys.APPLY_BATCH),
                c.get(RaftConfigKeys.DISRUPTOR_BUFFER), c.get(RaftConfigKeys.COMMANDS_PER_ENTRY),
                c.get(RaftConfigKeys.ENTRY_BYTES), c.get(RaftConfigKeys.ROCKSDB_WRITE_BUFFER));
    }
}
