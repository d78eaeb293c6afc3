package io.wfs.manager.command;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.VolumeState;
import io.wfs.manager.state.ManagerState;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts or cancels the drain of a store ({@code wfs admin drain-store}). Draining: the store gets
 * no new volume, its writable volume stops taking writes (READ_ONLY), and every volume with a
 * replica on it is queued for re-replication, which copies it away at once (no delay: the store
 * is alive and is itself a source) and, in the route, names the copy in its place; the store then
 * drops the replica and its space. Cancelled: queue entries not yet copied go; what moved stays
 * moved. Result: the route version.
 */
public record DrainStoreCommand(int storeNode, boolean drain) implements ManagerCommand {
    @Override
    public byte type() {
        return ManagerCommands.DRAIN_STORE;
    }

    @Override
    public void writeBody(DataOutputStream out) throws IOException {
        out.writeInt(storeNode);
        out.writeBoolean(drain);
    }

    static DrainStoreCommand read(DataInputStream in) throws IOException {
        return new DrainStoreCommand(in.readInt(), in.readBoolean());
    }

    @Override
    public Object apply(ManagerState state, long timeMillis) {
        RouteChange.StoreNode store = state.model().store(storeNode);
        if (store == null) {
            return new WfsException(WfsErrorCode.ENOENT, "no store node " + storeNode);
        }
        List<RouteChange> changes = new ArrayList<>();
        if (drain) {
            state.drainingStores().add(storeNode);
            for (RouteChange.Volume v : state.model().volumes()) {
                if (v.hasReplicaOn(storeNode)) {
                    if (v.state() == VolumeState.WRITABLE) {
                        changes.add(new RouteChange.Volume(v.id(), VolumeState.READ_ONLY, v.replicas()));
                    }
                    state.queueReplication(v.id(), storeNode);
                }
            }
        } else if (state.drainingStores().remove(storeNode) && store.up()) {
            for (RouteChange.Volume v : state.model().volumes()) {
                state.dequeueReplication(v.id(), storeNode);
            }
        }
        return state.commit(changes);
    }
}
