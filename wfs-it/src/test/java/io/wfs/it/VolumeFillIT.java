package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.StoreManagerLink;
import io.wfs.common.route.VolumeState;
import io.wfs.common.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The writable-volume policy through heartbeats: a store's writable volume that its heartbeat
 * reports full is sealed and the store gets the next one (one at a time, not round-robin); a
 * store without room for a volume gets none. Invariants hold at every route version.
 */
class VolumeFillIT {
    private static final long VOLUME = 1L << 20;

    @Test
    void aFullVolumeIsSealedAndTheNextOpenedButNotOnAFullStore() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(0).managers(1)
                .managerSetting("manager.volume-size", "1MiB").managerSetting("manager.heartbeat-interval", "200ms")
                .managerSetting("manager.check-interval", "100ms").start();
             ManagerTopology nodes = new ManagerTopology(cluster.managers().managerClient(), Duration.ofMillis(200))) {
            List<Map<Integer, Long>> used = new ArrayList<>();
            List<long[]> free = new ArrayList<>();
            List<StoreManagerLink> stores = new ArrayList<>();
            List<AtomicInteger> reports = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Map<Integer, Long> fill = new ConcurrentHashMap<>();
                long[] room = {ManagerTopology.TIB};
                AtomicInteger reported = new AtomicInteger();
                used.add(fill);
                free.add(room);
                reports.add(reported);
                stores.add(nodes.addStore(() -> {
                    reported.incrementAndGet();
                    return new StoreManagerLink.Usage(room[0], fill.keySet().stream().mapToInt(Integer::intValue).toArray(),
                            fill.values().stream().mapToLong(Long::longValue).toArray());
                }));
            }
            RouteModel start = ManagerTopology.model(nodes.awaitStatus(
                    s -> ManagerTopology.everyUpStoreWrites(ManagerTopology.model(s)), "every store with a writable volume"));
            int first = stores.get(0).nodeId();
            RouteChange.Volume full = start.writableVolumeOf(first);

            // Store 0 reports its volume full: sealed, and the store gets its next volume.
            used.get(0).put(full.id(), VOLUME);
            RouteModel sealed = ManagerTopology.model(nodes.awaitStatus(s -> {
                RouteModel m = ManagerTopology.model(s);
                return m.volume(full.id()).state() == VolumeState.SEALED && m.writableVolumeOf(first) != null;
            }, "volume " + full.id() + " sealed and store " + first + " writing to its next volume"));
            assertNotEquals(full.id(), sealed.writableVolumeOf(first).id());
            assertEquals(1, sealed.volumes().stream().filter(v -> v.state() == VolumeState.WRITABLE && v.primary() == first)
                    .count(), "one writable volume at a time");

            // Store 1 has no room for another volume: its full volume is sealed and none replaces it.
            int second = stores.get(1).nodeId();
            RouteChange.Volume last = sealed.writableVolumeOf(second);
            free.get(1)[0] = VOLUME / 2;
            used.get(1).put(last.id(), VOLUME);
            nodes.awaitStatus(s -> ManagerTopology.model(s).volume(last.id()).state() == VolumeState.SEALED,
                    "volume " + last.id() + " sealed");
            // Five more heartbeats of the full store (200 ms apart), each followed by housekeeping rounds
            // (every 100 ms): none may open a volume on it.
            int reportedAtSeal = reports.get(1).get();
            Await.until(Duration.ofSeconds(60), () -> reports.get(1).get() >= reportedAtSeal + 5,
                    "five heartbeats of the full store after its volume was sealed");
            RouteModel after = ManagerTopology.model(nodes.status());
            assertNull(after.writableVolumeOf(second), "a store without room gets no writable volume");
            assertTrue(after.writableVolumeOf(stores.get(2).nodeId()) != null);
            assertTrue(RouteHistory.assertInvariantsAtEveryVersion(((InProcessManagerNode) cluster.managers().manager(0)).server()) > 0);
        }
    }
}
