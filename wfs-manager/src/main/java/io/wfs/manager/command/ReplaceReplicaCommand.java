package io.wfs.manager.command;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.VolumeState;
import io.wfs.manager.state.ManagerState;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;

/**
 * Ends one entry of the re-replication queue, {@code (volumeId, lostNode)}. With a {@code newNode},
 * that store has copied the volume (the leader's {@code VolumeReplicator} waited for its answer)
 * and takes the lost node's place among the replicas. With {@code newNode == 0} there is nothing to
 * copy (the lost node is back, or no longer holds the volume, or the entry was a write failure on
 * live stores) and the entry just goes. Either way a volume whose replicas are then all on live
 * stores is SEALED again: read-only for good, fully replicated. Result: the route version.
 */
public record ReplaceReplicaCommand(int volumeId, int lostNode, int newNode) implements ManagerCommand {
    @Override
    public byte type() {
        return ManagerCommands.REPLACE_REPLICA;
    }

    @Override
    public void writeBody(DataOutputStream out) throws IOException {
        out.writeInt(volumeId);
        out.writeInt(lostNode);
        out.writeInt(newNode);
    }

    static ReplaceReplicaCommand read(DataInputStream in) throws IOException {
        return new ReplaceReplicaCommand(in.readInt(), in.readInt(), in.readInt());
    }

    @Override
    public Object apply(ManagerState state, long timeMillis) {
        if (!state.isQueuedForReplication(volumeId, lostNode)) {
            return refuse("(" + volumeId + ", " + lostNode + ") is not in the re-replication queue");
        }
        RouteChange.Volume v = state.model().volume(volumeId);
        if (v == null) {
            state.dequeueReplication(volumeId, lostNode);
            return state.version();
        }
        int[] replicas = v.replicas().clone();
        if (newNode != 0) {
            RouteChange.StoreNode target = state.model().store(newNode);
            if (target == null || !target.up()) {
                return refuse("store node " + newNode + " is unknown or down");
            }
            if (v.hasReplicaOn(newNode)) {
                return refuse("store node " + newNode + " already holds volume " + volumeId);
            }
            int lost = indexOf(replicas, lostNode);
            if (lost < 0 || v.state() == VolumeState.WRITABLE) {
                return refuse("volume " + volumeId + " has no replica on " + lostNode + " to replace, or takes writes");
            }
            replicas[lost] = newNode;
        }
        state.dequeueReplication(volumeId, lostNode);
        VolumeState next = v.state() != VolumeState.WRITABLE && allUp(state.model(), replicas) ? VolumeState.SEALED
                : v.state();
        return state.commit(List.of(new RouteChange.Volume(volumeId, next, replicas)));
    }

    private static boolean allUp(RouteModel model, int[] replicas) {
        for (int node : replicas) {
            RouteChange.StoreNode s = model.store(node);
            if (s == null || !s.up()) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(int[] a, int value) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private static WfsException refuse(String why) {
        return new WfsException(WfsErrorCode.BAD_REQUEST, "cannot end the re-replication: " + why);
    }
}
