package io.wfs.raft;

import java.io.DataOutputStream;
import java.io.IOException;

/**
 * The state as it was at one log index, captured on the state-machine thread and written
 * afterwards on the group's snapshot thread while applies go on. {@link #release} runs once the
 * write is over, successful or not, so the state machine stops paying for the capture.
 */
public interface SnapshotImage {
    /** Writes the captured state in the form {@link ReplicatedStateMachine#readSnapshot} reads. */
    void writeTo(DataOutputStream out) throws IOException;

    /** The write is over (or failed): the state machine may stop sharing what it kept for it. */
    default void release() {
    }
}
