package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.wfs.common.route.RouteModel;
import io.wfs.common.route.RouteUpdate;
import io.wfs.manager.placement.PlacementInvariants;
import io.wfs.manager.server.ManagerServer;
import java.util.List;

/**
 * Replays a manager's route version by version from its change log (in-process managers only)
 * and checks the placement invariants after every version, not only the last one.
 */
final class RouteHistory {
    private RouteHistory() {
    }

    /** Returns the number of versions checked. */
    static long assertInvariantsAtEveryVersion(ManagerServer manager) {
        byte[] all = manager.machine().read(s -> s.route().deltaSince(0));
        assertNotNull(all, "the change log no longer reaches version 0");
        RouteUpdate update = RouteUpdate.decode(all);
        RouteModel model = new RouteModel();
        List<RouteUpdate.Versioned> changes = update.changes();
        int i = 0;
        long checked = 0;
        while (i < changes.size()) {
            long version = changes.get(i).version();
            while (i < changes.size() && changes.get(i).version() == version) {
                model.apply(changes.get(i).change());
                i++;
            }
            assertEquals(List.of(), PlacementInvariants.violations(model), "placement invariants at route version " + version);
            checked++;
        }
        return checked;
    }
}
