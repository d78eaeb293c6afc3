package io.wfs.common.route;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Full routes, deltas, caches fed from them, and what malformed or disconnected input does. */
class RouteBookTest {
    private static RouteBook book(int maxLog) {
        RouteBook b = new RouteBook(maxLog);
        b.commit(List.of(new RouteChange.StoreNode(1, "10.0.0.1:7", true), new RouteChange.StoreNode(2, "10.0.0.2:7", true),
                new RouteChange.StoreNode(3, "10.0.0.3:7", true)));
        int[] owners = new int[SlotMap.SLOTS];
        Arrays.fill(owners, 5);
        b.commit(List.of(new RouteChange.MetaNode(4, "10.0.1.1:1", "10.0.1.1:2", true),
                new RouteChange.Group(5, new int[] {4}, 4), new RouteChange.Slots(owners)));
        b.commit(List.of(new RouteChange.Volume(1, VolumeState.WRITABLE, new int[] {1, 2, 3})));
        return b;
    }

    @Test
    void aCacheFedTheFullRouteThenDeltasHoldsTheSameModel() {
        RouteBook manager = book(100);
        RouteCache cache = new RouteCache(100);
        assertTrue(cache.apply(manager.full()));
        assertEquals(3, cache.routeVersion());
        manager.commit(List.of(new RouteChange.Volume(1, VolumeState.READ_ONLY, new int[] {1, 2, 3}),
                new RouteChange.StoreNode(2, "10.0.0.2:7", false)));
        byte[] delta = manager.updateSince(3);
        RouteUpdate update = RouteUpdate.decode(delta);
        assertFalse(update.full());
        assertEquals(2, update.changes().size());
        assertTrue(cache.apply(delta));
        assertTrue(cache.apply(delta), "a delta applied twice changes nothing");
        assertEquals(manager.model().asChanges(), cache.read(RouteModel::asChanges));
        assertEquals(4, cache.routeVersion());
        assertNull(cache.read(m -> m.writableVolumeOf(1)));
        assertEquals(VolumeState.READ_ONLY, cache.read(m -> m.volume(1).state()));
        // The cache serves deltas onward, as a store does for clients.
        assertArrayEquals(manager.deltaSince(3), cache.routeSince(3).update());
    }

    @Test
    void aDeltaOlderThanTheLogIsTheFullRouteAndADisconnectedDeltaIsRefused() {
        RouteBook manager = book(2);
        assertNull(manager.deltaSince(0), "the log keeps 2 changes, not the 5 since version 0");
        assertTrue(RouteUpdate.decode(manager.updateSince(1)).full());
        assertNull(manager.deltaSince(9), "a version from the future");
        RouteCache behind = new RouteCache(10);
        RouteBook old = new RouteBook(10);
        old.commit(List.of(new RouteChange.StoreNode(1, "10.0.0.1:7", true)));
        assertTrue(behind.apply(old.full()));
        manager.commit(List.of(new RouteChange.StoreNode(3, "10.0.0.3:7", false)));
        assertFalse(behind.apply(manager.deltaSince(3)), "version 1 does not connect to a delta from version 3");
        assertEquals(1, behind.routeVersion());
    }

    @Test
    void staleAndUnknownVolumesAreRefused() {
        RouteCache cache = new RouteCache(10);
        cache.apply(book(10).full());
        WfsException stale = assertThrows(WfsException.class, () -> cache.locate(2, 1));
        assertEquals(WfsErrorCode.STALE_ROUTE, stale.code());
        assertEquals(3, stale.routeVersion());
        assertEquals(List.of("10.0.0.1:7", "10.0.0.2:7", "10.0.0.3:7"), cache.locate(0, 1).replicaAddresses());
        assertEquals(List.of("10.0.0.1:7", "10.0.0.2:7", "10.0.0.3:7"), cache.locate(3, 1).replicaAddresses());
        assertEquals(WfsErrorCode.ENOENT, assertThrows(WfsException.class, () -> cache.locate(3, 99)).code());
    }

    @Test
    void malformedRoutesFailCleanly() {
        byte[] full = book(10).full();
        assertThrows(IllegalArgumentException.class, () -> RouteUpdate.decode(Arrays.copyOf(full, full.length - 1)));
        byte[] longer = Arrays.copyOf(full, full.length + 1);
        assertThrows(IllegalArgumentException.class, () -> RouteUpdate.decode(longer), "trailing bytes");
        byte[] format = full.clone();
        format[0] = 9;
        assertThrows(IllegalArgumentException.class, () -> RouteUpdate.decode(format));
        // A huge count must not allocate: it exceeds what is left to read.
        byte[] count = new RouteBytes.Writer(16).writeByte(1).writeByte(1).writeVarLong(0).writeVarLong(1)
                .writeVarInt(3_000_000).toByteArray();
        assertThrows(IllegalArgumentException.class, () -> RouteUpdate.decode(count));
        byte[] kind = new RouteBytes.Writer(16).writeByte(1).writeByte(1).writeVarLong(0).writeVarLong(1)
                .writeVarInt(1).writeByte(77).toByteArray();
        assertThrows(IllegalArgumentException.class, () -> RouteUpdate.decode(kind));
        byte[] backwards = new RouteBytes.Writer(16).writeByte(1).writeByte(0).writeVarLong(5).writeVarLong(4)
                .writeVarInt(0).toByteArray();
        assertThrows(IllegalArgumentException.class, () -> RouteUpdate.decode(backwards));
        byte[] slots = new RouteBytes.Writer(16).writeByte(1).writeByte(1).writeVarLong(0).writeVarLong(1).writeVarInt(1)
                .writeByte(RouteChange.KIND_SLOTS).writeVarInt(1).writeVarInt(1).writeVarInt(100).toByteArray();
        assertThrows(IllegalArgumentException.class, () -> RouteUpdate.decode(slots), "runs short of 4096 slots");
        RouteCache cache = new RouteCache(10);
        assertThrows(IllegalArgumentException.class, () -> cache.apply(format));
        assertEquals(0, cache.routeVersion(), "a malformed update leaves the cache as it was");
        assertTrue(cache.apply(new byte[0]), "an empty update (nothing new) is fine");
    }

    @Test
    void theBookSurvivesASnapshotWithItsLog() throws Exception {
        RouteBook b = book(100);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        b.writeTo(new DataOutputStream(bytes));
        RouteBook loaded = new RouteBook(100);
        loaded.readFrom(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(b.version(), loaded.version());
        assertEquals(b.model().asChanges(), loaded.model().asChanges());
        assertArrayEquals(b.deltaSince(1), loaded.deltaSince(1));
        assertEquals(5, loaded.model().groupOfSlot(4095));
        assertTrue(loaded.model().toSlotMap(loaded.version()).groups().get(0).id().equals("g5"));
    }
}
