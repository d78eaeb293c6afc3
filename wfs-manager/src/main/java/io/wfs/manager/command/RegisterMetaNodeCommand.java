package io.wfs.manager.command;

import io.wfs.common.route.RouteChange;
import io.wfs.manager.state.ManagerState;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;

/**
 * A meta node (re)registers. Its Raft endpoint identifies it: a restart with the same endpoint
 * keeps its id and its place in its groups. Result: the node id.
 */
public record RegisterMetaNodeCommand(String raftAddress, String clientAddress) implements ManagerCommand {
    @Override
    public byte type() {
        return ManagerCommands.REGISTER_META_NODE;
    }

    @Override
    public void writeBody(DataOutputStream out) throws IOException {
        out.writeUTF(raftAddress);
        out.writeUTF(clientAddress);
    }

    static RegisterMetaNodeCommand read(DataInputStream in) throws IOException {
        return new RegisterMetaNodeCommand(in.readUTF(), in.readUTF());
    }

    @Override
    public Object apply(ManagerState state, long timeMillis) {
        int id = state.metaByRaftAddress(raftAddress);
        if (id == 0) {
            id = state.allocateNodeId();
        }
        RouteChange.MetaNode node = new RouteChange.MetaNode(id, raftAddress, clientAddress, true);
        if (!node.equals(state.model().metaNode(id))) {
            state.commit(List.of(node));
        }
        return id;
    }
}
