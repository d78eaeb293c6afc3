package io.wfs.manager.placement;

import io.wfs.common.route.SlotMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Volumes: the backups are the live nodes hosting the fewest replicas, ties broken at random
 * (so equal nodes share the work without a fixed order). Meta groups: {@code nodes ×
 * groupsPerNode / replicas} groups, group g on the {@code replicas} nodes after group g-1's,
 * wrapping around (so every node holds the same number of replicas, ±1), and the 4096 slots in equal
 * contiguous ranges.
 */
public final class BalancedPlacement implements PlacementPolicy {
    @Override
    public int[] volumeReplicas(int primary, int replicas, int[] candidates, VolumeLoad load, Random random) {
        List<Integer> others = new ArrayList<>();
        for (int c : candidates) {
            if (c != primary) {
                others.add(c);
            }
        }
        if (others.size() < replicas - 1) {
            return null;
        }
        Collections.shuffle(others, random);
        others.sort(Comparator.comparingInt(load::of));
        int[] chosen = new int[replicas];
        chosen[0] = primary;
        for (int i = 1; i < replicas; i++) {
            chosen[i] = others.get(i - 1);
        }
        for (int n : chosen) {
            load.add(n);
        }
        return chosen;
    }

    @Override
    public MetaGroupPlan metaGroups(int[] metaNodes, int replicas, int groupsPerNode) {
        int n = metaNodes.length;
        if (n < replicas || replicas < 1) {
            throw new IllegalArgumentException(n + " meta nodes cannot hold groups of " + replicas + " replicas");
        }
        int groups = Math.max(1, Math.min(SlotMap.SLOTS, n * groupsPerNode / replicas));
        int[][] peers = new int[groups][replicas];
        for (int g = 0; g < groups; g++) {
            for (int r = 0; r < replicas; r++) {
                // Group g takes the next `replicas` nodes after group g-1's, wrapping around: the
                // replicas of a group are distinct (replicas <= n), and every node gets its turn.
                peers[g][r] = metaNodes[(g * replicas + r) % n];
            }
        }
        int[] slotGroup = new int[SlotMap.SLOTS];
        for (int s = 0; s < SlotMap.SLOTS; s++) {
            slotGroup[s] = (int) ((long) s * groups / SlotMap.SLOTS);
        }
        return new MetaGroupPlan(peers, slotGroup);
    }
}
