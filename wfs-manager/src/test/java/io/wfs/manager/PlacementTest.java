package io.wfs.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.SlotMap;
import io.wfs.common.route.VolumeState;
import io.wfs.manager.placement.BalancedPlacement;
import io.wfs.manager.placement.MetaGroupPlan;
import io.wfs.manager.placement.PlacementInvariants;
import io.wfs.manager.placement.VolumeLoad;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PlacementTest {
    private final BalancedPlacement placement = new BalancedPlacement();

    @Test
    void volumeReplicasAreDistinctAndSpreadEvenly() {
        int[] nodes = new int[20];
        for (int i = 0; i < nodes.length; i++) {
            nodes[i] = i + 1;
        }
        VolumeLoad load = new VolumeLoad();
        Random random = new Random(1);
        for (int round = 0; round < 50; round++) {
            for (int primary : nodes) {
                int[] r = placement.volumeReplicas(primary, 3, nodes, load, random);
                assertEquals(primary, r[0]);
                IntOpenHashSet distinct = new IntOpenHashSet(r);
                assertEquals(3, distinct.size());
            }
        }
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int n : nodes) {
            min = Math.min(min, load.of(n));
            max = Math.max(max, load.of(n));
        }
        assertEquals(50 * 20 * 3, java.util.Arrays.stream(nodes).map(load::of).sum());
        assertTrue(max - min <= 2, "replicas per node between " + min + " and " + max);
        assertNull(placement.volumeReplicas(1, 3, new int[] {1, 2}, load, random), "too few nodes for 3 replicas");
        assertEquals(1, placement.volumeReplicas(1, 1, new int[] {1}, load, random).length, "local mode: one replica");
    }

    @Test
    void metaGroupsAreOnDistinctNodesAndSlotsAreBalanced() {
        int[] nodes = {4, 8, 15, 16, 23, 42};
        MetaGroupPlan plan = placement.metaGroups(nodes, 3, 2);
        assertEquals(4, plan.peers().length);
        int[] replicasPerNode = new int[43];
        for (int[] group : plan.peers()) {
            assertEquals(3, new IntOpenHashSet(group).size());
            for (int n : group) {
                replicasPerNode[n]++;
            }
        }
        for (int n : nodes) {
            assertEquals(2, replicasPerNode[n], "node " + n);
        }
        int[] slotsPerGroup = new int[plan.peers().length];
        for (int g : plan.slotGroup()) {
            slotsPerGroup[g]++;
        }
        for (int count : slotsPerGroup) {
            assertEquals(SlotMap.SLOTS / 4, count);
        }
        assertThrows(IllegalArgumentException.class, () -> placement.metaGroups(new int[] {1, 2}, 3, 2));
        assertEquals(1, placement.metaGroups(new int[] {7}, 1, 1).peers().length, "local mode: one group, one replica");
    }

    @Test
    void invariantsCatchEachKindOfViolation() {
        RouteModel m = new RouteModel();
        m.apply(new RouteChange.StoreNode(1, "a:1", true));
        m.apply(new RouteChange.StoreNode(2, "b:1", true));
        m.apply(new RouteChange.StoreNode(3, "c:1", false));
        assertTrue(PlacementInvariants.violations(m).isEmpty());
        m.apply(new RouteChange.Volume(1, VolumeState.WRITABLE, new int[] {1, 2}));
        assertTrue(PlacementInvariants.violations(m).isEmpty());
        m.apply(new RouteChange.Volume(2, VolumeState.WRITABLE, new int[] {1, 2}));
        assertFalse(PlacementInvariants.violations(m).isEmpty(), "two writable volumes with primary 1");
        m.apply(new RouteChange.Volume(2, VolumeState.SEALED, new int[] {2, 2}));
        assertTrue(PlacementInvariants.violations(m).get(0).contains("two replicas on one node"));
        m.apply(new RouteChange.Volume(2, VolumeState.WRITABLE, new int[] {2, 3}));
        assertTrue(PlacementInvariants.violations(m).get(0).contains("down node 3"));
        m.apply(new RouteChange.Volume(2, VolumeState.READ_ONLY, new int[] {2, 3}));
        m.apply(new RouteChange.Group(1, new int[] {5, 6}, 0));
        assertTrue(PlacementInvariants.violations(m).get(0).contains("slot 0"), "slots without a group");
        int[] owners = new int[SlotMap.SLOTS];
        java.util.Arrays.fill(owners, 1);
        m.apply(new RouteChange.Slots(owners));
        assertTrue(PlacementInvariants.violations(m).isEmpty(), String.valueOf(PlacementInvariants.violations(m)));
    }
}
