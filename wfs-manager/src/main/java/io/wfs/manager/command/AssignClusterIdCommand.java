package io.wfs.manager.command;

import io.wfs.manager.state.ManagerState;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * Gives the cluster its identity, once: a random non-zero number the leader drew. Clients key
 * what they keep on local disk by it (the read cache, docs/client.md), so a cache folder that
 * outlives its cluster can never serve another cluster's blocks of the same ids. A second
 * assignment (a leader that proposed before it saw the first) changes nothing. Result: the id.
 */
public record AssignClusterIdCommand(long clusterId) implements ManagerCommand {
    @Override
    public byte type() {
        return ManagerCommands.ASSIGN_CLUSTER_ID;
    }

    @Override
    public void writeBody(DataOutputStream out) throws IOException {
        out.writeLong(clusterId);
    }

    static AssignClusterIdCommand read(DataInputStream in) throws IOException {
        return new AssignClusterIdCommand(in.readLong());
    }

    @Override
    public Object apply(ManagerState state, long timeMillis) {
        if (state.clusterId() == 0 && clusterId != 0) {
            state.assignClusterId(clusterId);
        }
        return state.clusterId();
    }
}
