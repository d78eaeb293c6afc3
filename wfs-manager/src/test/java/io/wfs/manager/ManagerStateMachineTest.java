package io.wfs.manager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.manager.RouteReply;
import io.wfs.common.route.RouteCache;
import io.wfs.common.route.RouteUpdate;
import io.wfs.common.route.VolumeState;
import io.wfs.manager.command.AssignClusterIdCommand;
import io.wfs.manager.command.CreateVolumeCommand;
import io.wfs.manager.command.NodeLivenessCommand;
import io.wfs.manager.command.RegisterStoreNodeCommand;
import io.wfs.manager.state.ManagerStateMachine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import org.junit.jupiter.api.Test;

/** Snapshots, full routes and deltas served from the replicated state. */
class ManagerStateMachineTest {

    private static ManagerTester cluster(int maxLog, int stores) {
        ManagerTester t = new ManagerTester(maxLog);
        for (int i = 1; i <= stores; i++) {
            t.applyInt(new RegisterStoreNodeCommand("10.0.0." + i + ":7100", 1, 1L << 40, 1L << 40));
        }
        for (int i = 1; i <= stores; i++) {
            t.applyInt(new CreateVolumeCommand(new int[] {i, i % stores + 1, (i + 1) % stores + 1}));
        }
        return t;
    }

    @Test
    void snapshotRoundTripKeepsStateCountersAndDeltas() throws Exception {
        ManagerTester t = cluster(1000, 5);
        t.apply(new NodeLivenessCommand(new int[] {2}, false));
        t.apply(new io.wfs.manager.command.DrainStoreCommand(3, true));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        t.machine().writeSnapshot(new DataOutputStream(bytes));
        ManagerStateMachine copy = new ManagerStateMachine(1000);
        copy.readSnapshot(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(t.version(), copy.routeVersion());
        assertArrayEquals(t.machine().fullRoute().update(), copy.fullRoute().update());
        assertArrayEquals(t.machine().routeSince(3).update(), copy.routeSince(3).update(), "the change log survives");
        assertEquals((int) t.<Integer>read(s -> s.replicationQueue().size()), (int) copy.<Integer>read(s -> s.replicationQueue().size()));
        assertTrue(copy.<Boolean>read(s -> s.drainingStores().contains(3) && s.drainingStores().size() == 1),
                "the drained store survives (snapshot format 2)");
        // Counters survive: the next ids are the same on the original and on the restored copy.
        assertEquals((int) t.<Integer>read(s -> s.allocateVolumeId()), (int) copy.<Integer>read(s -> s.allocateVolumeId()));
    }

    @Test
    void theClusterIdIsAssignedOnceAndSurvivesASnapshot() throws Exception {
        ManagerTester t = cluster(1000, 3);
        assertEquals(0L, (long) t.<Long>read(s -> s.clusterId()), "no id before the leader assigns one");
        assertEquals(77L, t.apply(new AssignClusterIdCommand(77)));
        assertEquals(77L, t.apply(new AssignClusterIdCommand(99)), "a second assignment changes nothing");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        t.machine().writeSnapshot(new DataOutputStream(bytes));
        ManagerStateMachine copy = new ManagerStateMachine(1000);
        copy.readSnapshot(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(77L, (long) copy.<Long>read(s -> s.clusterId()));
    }

    @Test
    void oneChangeIsADeltaOfAFewBytesAndACacheFollowsIt() {
        ManagerTester t = cluster(1000, 6);
        RouteCache client = new RouteCache(100);
        assertTrue(client.apply(t.machine().fullRoute().update()));
        long before = t.version();
        t.apply(new NodeLivenessCommand(new int[] {4}, false));
        RouteReply delta = t.machine().routeSince(before);
        RouteUpdate decoded = RouteUpdate.decode(delta.update());
        assertFalse(decoded.full());
        assertEquals(before, decoded.fromVersion());
        assertTrue(delta.update().length < 100, "delta of " + delta.update().length + " bytes");
        assertTrue(delta.update().length < t.machine().fullRoute().update().length / 3);
        assertTrue(client.apply(delta.update()));
        assertEquals(t.version(), client.routeVersion());
        assertArrayEquals(t.machine().fullRoute().update(), client.fullRoute().update(), "cache equals the source");
        assertEquals(VolumeState.READ_ONLY, VolumeState.ofCode(client.locate(t.version(), 4).state()));
        WfsException stale = assertThrows(WfsException.class, () -> client.locate(before, 4));
        assertEquals(WfsErrorCode.STALE_ROUTE, stale.code());
        assertEquals(t.version(), stale.routeVersion());
        assertEquals(WfsErrorCode.ENOENT, assertThrows(WfsException.class, () -> client.locate(0, 999)).code());
    }

    @Test
    void aClientBeyondTheChangeLogGetsTheFullRoute() {
        ManagerTester t = cluster(4, 6);
        RouteReply reply = t.machine().routeSince(1);
        assertTrue(RouteUpdate.decode(reply.update()).full(), "version 1 is older than the 4 changes kept");
        long recent = t.version() - 1;
        assertFalse(RouteUpdate.decode(t.machine().routeSince(recent).update()).full());
        assertTrue(RouteUpdate.decode(t.machine().routeSince(0).update()).full(), "0 = no route yet");
        assertEquals(0, RouteUpdate.decode(t.machine().routeSince(t.version()).update()).changes().size());
    }
}
