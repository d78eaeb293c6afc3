package io.wfs.manager.placement;

import java.util.Random;

/**
 * Where new volumes and meta groups go. Runs on the leader only, before the command is
 * proposed: it may use randomness and the leader's view of load; the command then carries the
 * choice, and apply re-checks the invariants.
 */
public interface PlacementPolicy {
    /**
     * Replicas (primary first) for a new writable volume whose primary is {@code primary}, among
     * the live store nodes {@code candidates}, or null when there are too few of them.
     * {@code load} (node → replicas hosted) is updated with the choice, so successive calls of one
     * round spread out.
     */
    int[] volumeReplicas(int primary, int replicas, int[] candidates, VolumeLoad load, Random random);

    /** Groups for {@code metaNodes} ({@code replicas} distinct nodes each) and a balanced slot assignment. */
    MetaGroupPlan metaGroups(int[] metaNodes, int replicas, int groupsPerNode);
}
