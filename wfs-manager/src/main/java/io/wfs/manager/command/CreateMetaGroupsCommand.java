package io.wfs.manager.command;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.SlotMap;
import io.wfs.manager.state.ManagerState;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates the meta groups the leader planned — {@code peers[g]} are group g's replicas — and
 * gives every slot to one of them ({@code slotGroup[slot]} is an index into {@code peers}).
 * Only once, into a cluster without groups: moving slots between existing groups is slot
 * migration, which the meta servers do not do yet. Result: the route version.
 */
public record CreateMetaGroupsCommand(int[][] peers, int[] slotGroup) implements ManagerCommand {
    static final int MAX_GROUPS = SlotMap.SLOTS;

    @Override
    public byte type() {
        return ManagerCommands.CREATE_META_GROUPS;
    }

    @Override
    public void writeBody(DataOutputStream out) throws IOException {
        out.writeInt(peers.length);
        for (int[] p : peers) {
            ManagerCommands.writeInts(out, p);
        }
        ManagerCommands.writeInts(out, slotGroup);
    }

    static CreateMetaGroupsCommand read(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_GROUPS) {
            throw new IOException(n + " groups");
        }
        int[][] peers = new int[n][];
        for (int i = 0; i < n; i++) {
            peers[i] = ManagerCommands.readInts(in, RouteChange.MAX_REPLICAS);
        }
        return new CreateMetaGroupsCommand(peers, ManagerCommands.readInts(in, SlotMap.SLOTS));
    }

    @Override
    public Object apply(ManagerState state, long timeMillis) {
        if (!state.model().groups().isEmpty()) {
            return refuse("the cluster already has meta groups");
        }
        if (peers.length == 0 || slotGroup.length != SlotMap.SLOTS) {
            return refuse("need at least one group and an owner for each of the " + SlotMap.SLOTS + " slots");
        }
        for (int[] group : peers) {
            if (group.length == 0) {
                return refuse("a group without replicas");
            }
            for (int i = 0; i < group.length; i++) {
                if (state.model().metaNode(group[i]) == null) {
                    return refuse("unknown meta node " + group[i]);
                }
                for (int j = 0; j < i; j++) {
                    if (group[j] == group[i]) {
                        return refuse("meta node " + group[i] + " named twice in one group");
                    }
                }
            }
        }
        for (int s = 0; s < slotGroup.length; s++) {
            if (slotGroup[s] < 0 || slotGroup[s] >= peers.length) {
                return refuse("slot " + s + " names group index " + slotGroup[s]);
            }
        }
        int[] ids = new int[peers.length];
        List<RouteChange> changes = new ArrayList<>();
        for (int g = 0; g < peers.length; g++) {
            ids[g] = state.allocateGroupId();
            changes.add(new RouteChange.Group(ids[g], peers[g].clone(), 0));
        }
        int[] owners = new int[SlotMap.SLOTS];
        for (int s = 0; s < owners.length; s++) {
            owners[s] = ids[slotGroup[s]];
        }
        changes.add(new RouteChange.Slots(owners));
        return state.commit(changes);
    }

    private static WfsException refuse(String why) {
        return new WfsException(WfsErrorCode.BAD_REQUEST, "cannot create meta groups: " + why);
    }
}
