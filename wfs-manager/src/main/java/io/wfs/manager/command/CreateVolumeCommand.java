package io.wfs.manager.command;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.VolumeState;
import io.wfs.manager.state.ManagerState;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;

/**
 * Opens a new writable volume on the replicas the leader's placement chose, primary first. The
 * invariants are checked again here, against the state the entry is applied to: replicas on
 * distinct live store nodes, and a primary that is not already primary of a writable volume (so
 * each store fills one volume before the next). Result: the new volume id.
 */
public record CreateVolumeCommand(int[] replicas) implements ManagerCommand {
    @Override
    public byte type() {
        return ManagerCommands.CREATE_VOLUME;
    }

    @Override
    public void writeBody(DataOutputStream out) throws IOException {
        ManagerCommands.writeInts(out, replicas);
    }

    static CreateVolumeCommand read(DataInputStream in) throws IOException {
        return new CreateVolumeCommand(ManagerCommands.readInts(in, RouteChange.MAX_REPLICAS));
    }

    @Override
    public Object apply(ManagerState state, long timeMillis) {
        if (replicas.length == 0 || replicas.length > RouteChange.MAX_REPLICAS) {
            return refuse("a volume needs 1.." + RouteChange.MAX_REPLICAS + " replicas, not " + replicas.length);
        }
        for (int i = 0; i < replicas.length; i++) {
            RouteChange.StoreNode node = state.model().store(replicas[i]);
            if (node == null || !node.up()) {
                return refuse("store node " + replicas[i] + " is unknown or down");
            }
            for (int j = 0; j < i; j++) {
                if (replicas[j] == replicas[i]) {
                    return refuse("store node " + replicas[i] + " is named twice");
                }
            }
        }
        RouteChange.Volume current = state.model().writableVolumeOf(replicas[0]);
        if (current != null) {
            return refuse("store node " + replicas[0] + " is already primary of writable volume " + current.id());
        }
        int id = state.allocateVolumeId();
        state.commit(List.of(new RouteChange.Volume(id, VolumeState.WRITABLE, replicas.clone())));
        return id;
    }

    private static WfsException refuse(String why) {
        return new WfsException(WfsErrorCode.BAD_REQUEST, "cannot create the volume: " + why);
    }
}
