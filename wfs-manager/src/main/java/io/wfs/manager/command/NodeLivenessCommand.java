package io.wfs.manager.command;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.VolumeState;
import io.wfs.manager.state.ManagerState;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The leader's failure detector decided that nodes are down (missed heartbeats for
 * {@code manager.node-timeout}), or that down nodes are back. A store going down takes every
 * volume with a replica on it out of the write path — writable ones become READ_ONLY, sealed
 * ones DEGRADED — and queues them for re-replication; a meta node going down stops being any
 * group's known leader. A node coming back is up again; its volumes stay as they are until the
 * store repairs them. Result: the new route version.
 */
public record NodeLivenessCommand(int[] nodeIds, boolean up) implements ManagerCommand {
    static final int MAX_NODES = 1 << 20;

    @Override
    public byte type() {
        return ManagerCommands.NODE_LIVENESS;
    }

    @Override
    public void writeBody(DataOutputStream out) throws IOException {
        ManagerCommands.writeInts(out, nodeIds);
        out.writeBoolean(up);
    }

    static NodeLivenessCommand read(DataInputStream in) throws IOException {
        return new NodeLivenessCommand(ManagerCommands.readInts(in, MAX_NODES), in.readBoolean());
    }

    @Override
    public Object apply(ManagerState state, long timeMillis) {
        List<RouteChange> changes = new ArrayList<>();
        for (int id : nodeIds) {
            RouteChange.StoreNode store = state.model().store(id);
            RouteChange.MetaNode meta = state.model().metaNode(id);
            if (store != null && store.up() != up) {
                changes.add(new RouteChange.StoreNode(id, store.address(), up));
                if (!up) {
                    retireVolumesOn(state, id, changes);
                }
            } else if (meta != null && meta.up() != up) {
                changes.add(new RouteChange.MetaNode(id, meta.raftAddress(), meta.clientAddress(), up));
                if (!up) {
                    for (RouteChange.Group g : state.model().groups()) {
                        if (g.leader() == id) {
                            changes.add(new RouteChange.Group(g.id(), g.peers(), 0));
                        }
                    }
                }
            }
        }
        return state.commit(changes);
    }

    private static void retireVolumesOn(ManagerState state, int node, List<RouteChange> changes) {
        for (RouteChange.Volume v : state.model().volumes()) {
            if (!v.hasReplicaOn(node)) {
                continue;
            }
            VolumeState next = switch (v.state()) {
                case WRITABLE -> VolumeState.READ_ONLY;
                case SEALED -> VolumeState.DEGRADED;
                default -> v.state();
            };
            if (next != v.state()) {
                changes.add(new RouteChange.Volume(v.id(), next, v.replicas()));
            }
            state.queueReplication(v.id(), node);
        }
    }
}
