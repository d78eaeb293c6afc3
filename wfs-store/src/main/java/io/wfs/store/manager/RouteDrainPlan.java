package io.wfs.store.manager;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.SlotMap;
import io.wfs.store.deletion.DrainPlan;
import java.util.Arrays;
import java.util.List;

/**
 * The drain plan of a manager-run cluster, read from the route this store follows: the meta
 * groups of the route's slot map; group {@code i} (in group order) is drained by the up store of
 * rank {@code i mod n} among the {@code n} up stores (by node id), so every group has one drainer
 * and a store marked down hands its groups to the others at the next route change; blocks are
 * deleted on every store the route lists as up.
 */
final class RouteDrainPlan implements DrainPlan {
    private final ManagerAgent agent;

    RouteDrainPlan(ManagerAgent agent) {
        this.agent = agent;
    }

    @Override
    public SlotMap slotMap() {
        return agent.slotMap();
    }

    @Override
    public boolean drains(SlotMap.Group group, int groupIndex) {
        int self = agent.nodeId();
        int[] up = agent.routeCache().read(route -> route.stores().stream().filter(RouteChange.StoreNode::up)
                .mapToInt(RouteChange.StoreNode::id).sorted().toArray());
        int rank = Arrays.binarySearch(up, self);
        return self != 0 && rank >= 0 && groupIndex % up.length == rank;
    }

    @Override
    public List<String> storesToDeleteOn() {
        return agent.routeCache().read(route -> route.stores().stream().filter(RouteChange.StoreNode::up)
                .map(RouteChange.StoreNode::address).toList());
    }
}
