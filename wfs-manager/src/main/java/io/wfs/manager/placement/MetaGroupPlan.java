package io.wfs.manager.placement;

/** Planned meta groups: {@code peers[g]} replicate group g; {@code slotGroup[slot]} is the group index owning the slot. */
public record MetaGroupPlan(int[][] peers, int[] slotGroup) {
}
