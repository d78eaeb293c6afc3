package io.wfs.manager.command;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.route.RouteChange;
import io.wfs.manager.state.ManagerState;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;

/**
 * A meta node's heartbeat says it now leads a group: the route names it, so clients go straight
 * to the leader. Refused when the node is not a replica of the group. Result: the route version.
 */
public record SetGroupLeaderCommand(int groupId, int leaderNode) implements ManagerCommand {
    @Override
    public byte type() {
        return ManagerCommands.SET_GROUP_LEADER;
    }

    @Override
    public void writeBody(DataOutputStream out) throws IOException {
        out.writeInt(groupId);
        out.writeInt(leaderNode);
    }

    static SetGroupLeaderCommand read(DataInputStream in) throws IOException {
        return new SetGroupLeaderCommand(in.readInt(), in.readInt());
    }

    @Override
    public Object apply(ManagerState state, long timeMillis) {
        RouteChange.Group g = state.model().group(groupId);
        if (g == null) {
            return new WfsException(WfsErrorCode.ENOENT, "no meta group " + groupId);
        }
        boolean member = false;
        for (int p : g.peers()) {
            member |= p == leaderNode;
        }
        if (!member) {
            return new WfsException(WfsErrorCode.BAD_REQUEST, "node " + leaderNode + " is no replica of group " + groupId);
        }
        if (g.leader() == leaderNode) {
            return state.version();
        }
        return state.commit(List.of(new RouteChange.Group(groupId, g.peers(), leaderNode)));
    }
}
