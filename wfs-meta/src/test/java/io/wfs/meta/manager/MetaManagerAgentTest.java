package io.wfs.meta.manager;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.route.RouteBook;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.SlotMap;
import io.wfs.common.route.VolumeState;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Only a change of groups, replicas or slots is a new slot map for the meta servers. */
class MetaManagerAgentTest {
    private static RouteBook route() {
        RouteBook b = new RouteBook(100);
        int[] owners = new int[SlotMap.SLOTS];
        Arrays.fill(owners, 0, 2048, 1);
        Arrays.fill(owners, 2048, SlotMap.SLOTS, 2);
        b.commit(List.of(new RouteChange.MetaNode(1, "h:1", "h:2", true), new RouteChange.MetaNode(2, "h:3", "h:4", true),
                new RouteChange.Group(1, new int[] {1, 2}, 0), new RouteChange.Group(2, new int[] {2, 1}, 0),
                new RouteChange.Slots(owners)));
        return b;
    }

    @Test
    void volumeAndLeaderChangesKeepTheLayoutAndAddressOrSlotChangesDoNot() {
        RouteBook b = route();
        SlotMap first = b.model().toSlotMap(b.version());
        b.commit(List.of(new RouteChange.StoreNode(9, "s:1", true), new RouteChange.Volume(1, VolumeState.WRITABLE, new int[] {9}),
                new RouteChange.Group(1, new int[] {1, 2}, 2), new RouteChange.MetaNode(1, "h:1", "h:2", false)));
        SlotMap later = b.model().toSlotMap(b.version());
        assertTrue(later.version() > first.version());
        assertTrue(MetaManagerAgent.sameLayout(first, later), "volumes, leaders and liveness are not the slot map");

        b.commit(List.of(new RouteChange.MetaNode(2, "h:3", "h:5", true)));
        assertFalse(MetaManagerAgent.sameLayout(later, b.model().toSlotMap(b.version())), "a new client address");
        int[] owners = b.model().slotOwners();
        owners[0] = 2;
        b.commit(List.of(new RouteChange.Slots(owners)));
        SlotMap moved = b.model().toSlotMap(b.version());
        assertFalse(MetaManagerAgent.sameLayout(later, moved), "a slot moved");
        assertFalse(MetaManagerAgent.sameLayout(null, moved));
        assertTrue(MetaManagerAgent.sameLayout(moved, moved));
    }
}
