package io.wfs.store.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.VolumeState;
import io.wfs.store.node.VolumeSet;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A store's replicas follow the manager's route: created, turned read-only, re-pointed; idempotent. */
class RouteVolumesTest {
    private static final int SELF = 1;

    private static RouteModel route() {
        RouteModel m = new RouteModel();
        for (int id = 1; id <= 4; id++) {
            m.apply(new RouteChange.StoreNode(id, "127.0.0.1:" + id, true));
        }
        m.apply(new RouteChange.Volume(10, VolumeState.WRITABLE, new int[] {1, 2, 3}));
        m.apply(new RouteChange.Volume(11, VolumeState.SEALED, new int[] {2, 1, 3}));
        m.apply(new RouteChange.Volume(12, VolumeState.WRITABLE, new int[] {2, 3, 4}));
        // Node 5 is not in the route yet: the volume waits for it.
        m.apply(new RouteChange.Volume(13, VolumeState.WRITABLE, new int[] {1, 5}));
        return m;
    }

    @Test
    void replicasFollowTheRoute(@TempDir Path dir) throws Exception {
        List<String> readOnly = new ArrayList<>();
        try (VolumeSet volumes = VolumeSet.open(List.of(dir), 4L << 20, (v, why) -> readOnly.add(v + ": " + why))) {
            volumes.setSelfAddress("127.0.0.1:1");
            RouteModel route = route();
            assertEquals(new RouteVolumes.Outcome(2, 0), RouteVolumes.apply(route, SELF, volumes));
            assertTrue(volumes.get(10).isWritable());
            assertEquals(List.of("127.0.0.1:1", "127.0.0.1:2", "127.0.0.1:3"), volumes.get(10).descriptor().replicas());
            assertEquals(10, volumes.activeVolume().orElse(0));
            assertFalse(volumes.get(11).isWritable(), "a sealed volume is created read-only");
            assertNull(volumes.get(12), "not placed here");
            assertNull(volumes.get(13), "a replica's node is unknown yet");
            assertEquals(new RouteVolumes.Outcome(0, 0), RouteVolumes.apply(route, SELF, volumes), "nothing to do twice");

            route.apply(new RouteChange.Volume(10, VolumeState.READ_ONLY, new int[] {1, 2, 3}));
            route.apply(new RouteChange.Volume(11, VolumeState.SEALED, new int[] {2, 1, 4}));
            route.apply(new RouteChange.StoreNode(5, "127.0.0.1:5", true));
            assertEquals(new RouteVolumes.Outcome(3, 0), RouteVolumes.apply(route, SELF, volumes));
            assertFalse(volumes.get(10).isWritable(), "the route took it out of the write path");
            assertEquals(1, readOnly.size(), readOnly.toString());
            assertTrue(readOnly.get(0).startsWith("10: the manager's route says READ_ONLY"), readOnly.toString());
            assertEquals(List.of("127.0.0.1:2", "127.0.0.1:1", "127.0.0.1:4"), volumes.get(11).descriptor().replicas());
            assertTrue(volumes.get(13).isWritable());
            assertEquals(13, volumes.activeVolume().orElse(0));
        }
    }

    @Test
    void aReplicaTheRouteReplacedIsDroppedButACopyInProgressAndAnUncertainChangeAreKept(@TempDir Path dir) throws Exception {
        try (VolumeSet volumes = VolumeSet.open(List.of(dir), 4L << 20, (v, why) -> { })) {
            volumes.setSelfAddress("127.0.0.1:1");
            RouteModel route = route();
            route.apply(new RouteChange.Volume(14, VolumeState.SEALED, new int[] {1, 2, 3}));
            RouteVolumes.apply(route, SELF, volumes);
            Path replacedDir = volumes.get(11).dir();
            assertTrue(java.nio.file.Files.isDirectory(replacedDir));
            // A copy in progress here: the route does not name this store for volume 12 yet.
            volumes.assignCopy(12, List.of("127.0.0.1:2", "127.0.0.1:3", "127.0.0.1:1"));

            // While this store was away: 11 re-replicated to store 4 in its place; 14 changed in two places.
            route.apply(new RouteChange.Volume(11, VolumeState.SEALED, new int[] {2, 4, 3}));
            route.apply(new RouteChange.Volume(14, VolumeState.SEALED, new int[] {4, 3, 2}));
            RouteVolumes.apply(route, SELF, volumes);
            assertNull(volumes.get(11), "replaced: dropped");
            assertFalse(java.nio.file.Files.exists(replacedDir), "its folder is gone, its space back");
            assertTrue(volumes.get(12).descriptor().copying(), "a copy in progress is kept");
            assertTrue(volumes.get(14) != null, "more than this store's place changed: kept");
            assertTrue(volumes.get(10) != null, "a writable volume is never taken for a replaced one");

            // The copy's volume now names this store: no longer a copy in progress.
            route.apply(new RouteChange.Volume(12, VolumeState.SEALED, new int[] {2, 3, 1}));
            RouteVolumes.apply(route, SELF, volumes);
            assertFalse(volumes.get(12).descriptor().copying());
        }
    }

    @Test
    void aReplicaThatCannotBeCreatedIsReportedAndCreatedOnTheNextTry(@TempDir Path dir) throws Exception {
        try (VolumeSet volumes = VolumeSet.open(List.of(dir), 4L << 20, (v, why) -> { })) {
            volumes.setSelfAddress("127.0.0.1:1");
            RouteModel route = new RouteModel();
            route.apply(new RouteChange.StoreNode(1, "127.0.0.1:1", true));
            route.apply(new RouteChange.Volume(20, VolumeState.WRITABLE, new int[] {1}));
            java.nio.file.Files.writeString(dir.resolve("volume-20"), "in the way");
            assertEquals(new RouteVolumes.Outcome(0, 1), RouteVolumes.apply(route, SELF, volumes));
            assertNull(volumes.get(20));
            java.nio.file.Files.delete(dir.resolve("volume-20"));
            assertEquals(new RouteVolumes.Outcome(1, 0), RouteVolumes.apply(route, SELF, volumes));
            assertTrue(volumes.get(20).isWritable());
        }
    }
}
