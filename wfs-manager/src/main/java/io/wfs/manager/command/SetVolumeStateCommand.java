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
 * Takes a volume out of the write path: SEALED when full (the leader saw its fill reach
 * {@code manager.volume-size}, or the store said so), READ_ONLY when a store reported a failure
 * (then it is queued for re-replication; {@code reportingNode} is the reporter, 0 for the
 * leader). Only a writable volume changes; any other state stays (a late report is harmless).
 * Result: the route version.
 */
public record SetVolumeStateCommand(int volumeId, VolumeState state, int reportingNode) implements ManagerCommand {
    @Override
    public byte type() {
        return ManagerCommands.SET_VOLUME_STATE;
    }

    @Override
    public void writeBody(DataOutputStream out) throws IOException {
        out.writeInt(volumeId);
        out.writeByte(state.code());
        out.writeInt(reportingNode);
    }

    static SetVolumeStateCommand read(DataInputStream in) throws IOException {
        int id = in.readInt();
        VolumeState s = VolumeState.ofCode(in.readByte());
        if (s == null) {
            throw new IOException("unknown volume state");
        }
        return new SetVolumeStateCommand(id, s, in.readInt());
    }

    @Override
    public Object apply(ManagerState managerState, long timeMillis) {
        RouteChange.Volume v = managerState.model().volume(volumeId);
        if (v == null) {
            return new WfsException(WfsErrorCode.ENOENT, "no volume " + volumeId);
        }
        if (state != VolumeState.SEALED && state != VolumeState.READ_ONLY) {
            return new WfsException(WfsErrorCode.BAD_REQUEST, "a volume can be set SEALED or READ_ONLY, not " + state);
        }
        if (reportingNode != 0 && !v.hasReplicaOn(reportingNode)) {
            return new WfsException(WfsErrorCode.BAD_REQUEST, "node " + reportingNode + " holds no replica of volume "
                    + volumeId);
        }
        if (v.state() != VolumeState.WRITABLE) {
            return managerState.version();
        }
        if (state == VolumeState.READ_ONLY) {
            managerState.queueReplication(volumeId, 0);
        }
        return managerState.commit(List.of(new RouteChange.Volume(volumeId, state, v.replicas())));
    }
}
