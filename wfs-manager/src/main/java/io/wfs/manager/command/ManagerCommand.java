package io.wfs.manager.command;

import io.wfs.manager.state.ManagerState;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * One kind of change to the manager's state, as it travels in the Raft log. Whatever is not
 * deterministic — placement choices, randomness, the clock — was decided by the leader and is
 * inside the command; {@link #apply} only validates against the state and applies, identically
 * on every replica. A refusal is a {@link io.wfs.common.error.WfsException} result, not a throw.
 */
public interface ManagerCommand {
    byte type();

    void writeBody(DataOutputStream out) throws IOException;

    /** Applies to {@code state} at the leader's clock reading {@code timeMillis}; returns the proposer's result. */
    Object apply(ManagerState state, long timeMillis);
}
