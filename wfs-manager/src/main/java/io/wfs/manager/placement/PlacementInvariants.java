package io.wfs.manager.placement;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.SlotMap;
import io.wfs.common.route.VolumeState;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The placement rules every route must satisfy, checked by tests after every change (and
 * usable by an fsck): replicas on distinct nodes, every slot owned by exactly one existing group
 * once groups exist, at most one writable volume per store node as primary, writable volumes
 * only on live nodes.
 */
public final class PlacementInvariants {
    private PlacementInvariants() {
    }

    /** The violations found; empty when the route is sound. */
    public static List<String> violations(RouteModel model) {
        List<String> problems = new ArrayList<>();
        IntOpenHashSet primaries = new IntOpenHashSet();
        for (RouteChange.Volume v : model.volumes()) {
            if (!distinct(v.replicas())) {
                problems.add("volume " + v.id() + " has two replicas on one node");
            }
            if (v.state() != VolumeState.WRITABLE) {
                continue;
            }
            if (!primaries.add(v.primary())) {
                problems.add("store node " + v.primary() + " is primary of more than one writable volume");
            }
            for (int r : v.replicas()) {
                RouteChange.StoreNode s = model.store(r);
                if (s == null || !s.up()) {
                    problems.add("writable volume " + v.id() + " has a replica on unknown or down node " + r);
                }
            }
        }
        List<RouteChange.Group> groups = model.groups();
        for (RouteChange.Group g : groups) {
            if (!distinct(g.peers())) {
                problems.add("meta group " + g.id() + " has two replicas on one node");
            }
        }
        if (!groups.isEmpty()) {
            for (int slot = 0; slot < SlotMap.SLOTS; slot++) {
                int owner = model.groupOfSlot(slot);
                if (owner < 0 || model.group(owner) == null) {
                    problems.add("slot " + slot + " is owned by no existing group (" + owner + ")");
                    break;
                }
            }
        }
        return problems;
    }

    private static boolean distinct(int[] nodes) {
        IntOpenHashSet seen = new IntOpenHashSet();
        for (int n : nodes) {
            if (!seen.add(n)) {
                return false;
            }
        }
        return true;
    }
}
