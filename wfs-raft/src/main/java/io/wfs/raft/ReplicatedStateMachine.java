package io.wfs.raft;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The deterministic state replicated by a Raft group. Every replica applies the same commands
 * in the same order and must reach the same state: no clock, randomness, or environment may be
 * read in {@link #apply}; whatever is non-deterministic is decided by the leader before it
 * proposes the command and travels inside it.
 *
 * <p>All methods run on the group's single state-machine thread, except the writing of a
 * captured {@link SnapshotImage}.
 */
public interface ReplicatedStateMachine {
    /**
     * Applies one command. Returns the result for the proposer (delivered only on the replica
     * that proposed it); a {@link io.wfs.common.error.WfsException} as the result fails the
     * proposer's future with that error. Domain errors are results, not exceptions: a thrown
     * exception is a bug, is logged, and answers INTERNAL.
     */
    Object apply(ByteBuffer command, long logIndex);

    /**
     * The format of this machine's commands and snapshots on disk. A group's directory records the
     * format it was written in ({@link RaftLogFormat}); a machine of another format refuses to
     * start on it rather than misread its log. Raise it when the bytes of a logged command change.
     */
    default int logFormat() {
        return RaftLogFormat.UNMARKED;
    }

    /** Writes the whole state; the group calls it on the state-machine thread, so the state is quiescent. */
    void writeSnapshot(DataOutputStream out) throws IOException;

    /**
     * Captures the state for a snapshot written on another thread while applies go on. Runs on the
     * state-machine thread and should be quick. The default writes the whole state into memory
     * here ({@link #writeSnapshot}), fine for a small state; a large one shares its structures
     * copy-on-write instead.
     */
    default SnapshotImage captureSnapshot() throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            writeSnapshot(out);
        }
        byte[] image = bytes.toByteArray();
        return out -> out.write(image);
    }

    /** Replaces the whole state with a snapshot written by {@link #writeSnapshot}. */
    void readSnapshot(DataInputStream in) throws IOException;

    /** This replica became leader of {@code term}: e.g. start sweeping expired locks. */
    default void onLeaderStart(long term) {
    }

    /** This replica is no longer leader. */
    default void onLeaderStop() {
    }
}
