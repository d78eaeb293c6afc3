package io.wfs.store.deletion;

import io.wfs.common.route.SlotMap;
import java.util.List;

/**
 * The drain plan of a manager-less cluster ({@code store.slot-map-file}, {@code store.peers}):
 * this store drains every group and deletes on every configured store (on itself alone when
 * none is named). Kept for tests that run meta groups without a manager.
 */
public record StaticDrainPlan(SlotMap slotMap, List<String> storesToDeleteOn) implements DrainPlan {
    @Override
    public boolean drains(SlotMap.Group group, int groupIndex) {
        return true;
    }
}
