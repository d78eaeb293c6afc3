package io.wfs.common.route;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RouteModelTest {
    @Test
    void replicasPerVolumeIsTheLongestReplicaListAndOneWithoutVolumes() {
        RouteModel m = new RouteModel();
        assertEquals(1, m.replicasPerVolume());
        m.apply(new RouteChange.Volume(1, VolumeState.WRITABLE, new int[] {1, 2, 3}));
        m.apply(new RouteChange.Volume(2, VolumeState.READ_ONLY, new int[] {4, 5}));
        assertEquals(3, m.replicasPerVolume(), "a volume short of a store does not lower it");
    }
}
