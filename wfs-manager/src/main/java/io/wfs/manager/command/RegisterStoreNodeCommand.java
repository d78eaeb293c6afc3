package io.wfs.manager.command;

import io.wfs.common.route.RouteChange;
import io.wfs.manager.state.ManagerState;
import io.wfs.manager.state.StoreCapacity;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;

/**
 * A store node (re)registers. Its address identifies it: a restart keeps its id, its volumes
 * and its place in their replica sets. Result: the node id.
 */
public record RegisterStoreNodeCommand(String address, int disks, long capacityBytes, long freeBytes)
        implements ManagerCommand {
    @Override
    public byte type() {
        return ManagerCommands.REGISTER_STORE_NODE;
    }

    @Override
    public void writeBody(DataOutputStream out) throws IOException {
        out.writeUTF(address);
        out.writeInt(disks);
        out.writeLong(capacityBytes);
        out.writeLong(freeBytes);
    }

    static RegisterStoreNodeCommand read(DataInputStream in) throws IOException {
        return new RegisterStoreNodeCommand(in.readUTF(), in.readInt(), in.readLong(), in.readLong());
    }

    @Override
    public Object apply(ManagerState state, long timeMillis) {
        int id = state.storeByAddress(address);
        if (id == 0) {
            id = state.allocateNodeId();
        }
        state.capacities().put(id, new StoreCapacity(disks, capacityBytes, freeBytes, timeMillis));
        RouteChange.StoreNode node = new RouteChange.StoreNode(id, address, true);
        if (!node.equals(state.model().store(id))) {
            state.commit(List.of(node));
        }
        return id;
    }
}
