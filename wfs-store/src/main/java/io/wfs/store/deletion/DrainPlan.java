package io.wfs.store.deletion;

import io.wfs.common.route.SlotMap;
import java.util.List;

/**
 * What the deletion drainer needs to know of the cluster: the meta groups, which of them this
 * store drains, and the stores that must delete a block before its deletion is acknowledged.
 * On a manager-run cluster this follows the route ({@code RouteDrainPlan}); a manager-less
 * test cluster names its slot map and stores in configuration ({@link StaticDrainPlan}).
 */
public interface DrainPlan {
    /** The meta groups now, or null while they are not known yet (a pass then does nothing). */
    SlotMap slotMap();

    /** Whether this store drains {@code group}'s queue: one store per group, so the stores share the work. */
    boolean drains(SlotMap.Group group, int groupIndex);

    /**
     * host:port of every store that must delete a drained block before it is acknowledged. A store
     * left out (down) keeps its copies until its orphan scan finds them unreferenced.
     */
    List<String> storesToDeleteOn();
}
