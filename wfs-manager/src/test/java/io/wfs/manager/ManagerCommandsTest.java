package io.wfs.manager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.SlotMap;
import io.wfs.common.route.VolumeState;
import io.wfs.manager.command.CreateMetaGroupsCommand;
import io.wfs.manager.command.CreateVolumeCommand;
import io.wfs.manager.command.DrainStoreCommand;
import io.wfs.manager.command.NodeLivenessCommand;
import io.wfs.manager.command.RegisterMetaNodeCommand;
import io.wfs.manager.command.RegisterStoreNodeCommand;
import io.wfs.manager.command.ReplaceReplicaCommand;
import io.wfs.manager.command.SetGroupLeaderCommand;
import io.wfs.manager.command.SetVolumeStateCommand;
import io.wfs.manager.placement.BalancedPlacement;
import io.wfs.manager.placement.MetaGroupPlan;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Every manager command: its effect, its route version bump, and each way it is refused. */
class ManagerCommandsTest {
    private final ManagerTester t = new ManagerTester();

    private int store(int i) {
        return t.applyInt(new RegisterStoreNodeCommand("10.0.0." + i + ":7100", 4, 1L << 40, 1L << 39));
    }

    private int meta(int i) {
        return t.applyInt(new RegisterMetaNodeCommand("10.0.1." + i + ":7000", "10.0.1." + i + ":7001"));
    }

    @Test
    void registrationAssignsStableIdsAndBumpsTheVersionOnlyOnChange() {
        int a = store(1);
        int b = store(2);
        assertTrue(a != b);
        long v = t.version();
        assertEquals(2, v);
        assertEquals(a, store(1), "a restarted store keeps its id");
        assertEquals(v, t.version(), "re-registering an unchanged live node is not a route change");
        int m = meta(1);
        assertTrue(m != a && m != b, "meta and store ids share one space");
        assertEquals("10.0.1.1:7001", t.model().metaNode(m).clientAddress());
        assertEquals(m, t.applyInt(new RegisterMetaNodeCommand("10.0.1.1:7000", "10.0.1.1:9999")));
        assertEquals("10.0.1.1:9999", t.model().metaNode(m).clientAddress(), "a new client address is taken");
        assertEquals(4, (int) t.<Integer>read(s -> s.capacities().get(a).disks()));
    }

    @Test
    void volumesNeedDistinctLiveNodesAndOneWritablePerPrimary() {
        int a = store(1);
        int b = store(2);
        int c = store(3);
        int v1 = t.applyInt(new CreateVolumeCommand(new int[] {a, b, c}));
        RouteChange.Volume vol = t.model().volume(v1);
        assertEquals(VolumeState.WRITABLE, vol.state());
        assertEquals(a, vol.primary());
        t.refusal(new CreateVolumeCommand(new int[] {a, c, b}), WfsErrorCode.BAD_REQUEST);
        t.refusal(new CreateVolumeCommand(new int[] {b, b, c}), WfsErrorCode.BAD_REQUEST);
        t.refusal(new CreateVolumeCommand(new int[] {b, 999, c}), WfsErrorCode.BAD_REQUEST);
        t.refusal(new CreateVolumeCommand(new int[0]), WfsErrorCode.BAD_REQUEST);
        int v2 = t.applyInt(new CreateVolumeCommand(new int[] {b, c, a}));
        assertTrue(v2 > v1);
        t.apply(new NodeLivenessCommand(new int[] {c}, false));
        t.refusal(new CreateVolumeCommand(new int[] {c, a, b}), WfsErrorCode.BAD_REQUEST);
    }

    @Test
    void aFullVolumeIsSealedAndItsPrimaryMayOpenTheNext() {
        int a = store(1);
        int b = store(2);
        int v1 = t.applyInt(new CreateVolumeCommand(new int[] {a, b}));
        long before = t.version();
        assertEquals(before + 1, (Long) t.apply(new SetVolumeStateCommand(v1, VolumeState.SEALED, 0)));
        assertEquals(VolumeState.SEALED, t.model().volume(v1).state());
        assertNull(t.model().writableVolumeOf(a));
        assertEquals(t.version(), (Long) t.apply(new SetVolumeStateCommand(v1, VolumeState.READ_ONLY, b)),
                "a late report on a sealed volume changes nothing");
        int v2 = t.applyInt(new CreateVolumeCommand(new int[] {a, b}));
        assertEquals(v2, t.model().writableVolumeOf(a).id());
        t.refusal(new SetVolumeStateCommand(777, VolumeState.SEALED, 0), WfsErrorCode.ENOENT);
        t.refusal(new SetVolumeStateCommand(v2, VolumeState.WRITABLE, 0), WfsErrorCode.BAD_REQUEST);
        int c = store(3);
        t.refusal(new SetVolumeStateCommand(v2, VolumeState.READ_ONLY, c), WfsErrorCode.BAD_REQUEST);
        t.apply(new SetVolumeStateCommand(v2, VolumeState.READ_ONLY, b));
        assertEquals(VolumeState.READ_ONLY, t.model().volume(v2).state());
        assertTrue(t.<Boolean>read(s -> s.replicationQueue().contains((long) v2 << 32)), "a failed volume is queued for repair");
    }

    @Test
    void aDeadStoreTakesItsVolumesOutOfTheWritePathAndQueuesThem() {
        int a = store(1);
        int b = store(2);
        int c = store(3);
        int d = store(4);
        int onA = t.applyInt(new CreateVolumeCommand(new int[] {a, b, c}));
        int backupOnA = t.applyInt(new CreateVolumeCommand(new int[] {b, a, d}));
        int sealedOnA = t.applyInt(new CreateVolumeCommand(new int[] {c, d, a}));
        t.apply(new SetVolumeStateCommand(sealedOnA, VolumeState.SEALED, 0));
        int notOnA = t.applyInt(new CreateVolumeCommand(new int[] {d, b, c}));
        long before = t.version();
        t.apply(new NodeLivenessCommand(new int[] {a}, false));
        assertEquals(before + 1, t.version(), "one decision, one route version");
        assertFalse(t.model().store(a).up());
        assertEquals(VolumeState.READ_ONLY, t.model().volume(onA).state());
        assertEquals(VolumeState.READ_ONLY, t.model().volume(backupOnA).state());
        assertEquals(VolumeState.DEGRADED, t.model().volume(sealedOnA).state());
        assertEquals(VolumeState.WRITABLE, t.model().volume(notOnA).state());
        assertEquals(3, (int) t.<Integer>read(s -> s.replicationQueue().size()));
        t.apply(new NodeLivenessCommand(new int[] {a}, false));
        assertEquals(before + 1, t.version(), "marking a down node down again is no change");
        t.apply(new NodeLivenessCommand(new int[] {a}, true));
        assertTrue(t.model().store(a).up());
        assertEquals(VolumeState.READ_ONLY, t.model().volume(onA).state(), "a returning node does not reopen its volumes");
    }

    @Test
    void aCopiedVolumeTakesTheLostStoresPlaceAndIsSealedWhenAllItsReplicasAreUp() {
        int a = store(1);
        int b = store(2);
        int c = store(3);
        int d = store(4);
        int onA = t.applyInt(new CreateVolumeCommand(new int[] {a, b, c}));
        int sealedOnA = t.applyInt(new CreateVolumeCommand(new int[] {b, a, c}));
        t.apply(new SetVolumeStateCommand(sealedOnA, VolumeState.SEALED, 0));
        t.apply(new NodeLivenessCommand(new int[] {a}, false));

        t.refusal(new ReplaceReplicaCommand(onA, b, d), WfsErrorCode.BAD_REQUEST); // not queued for b
        t.refusal(new ReplaceReplicaCommand(onA, a, b), WfsErrorCode.BAD_REQUEST); // b already holds it
        t.refusal(new ReplaceReplicaCommand(onA, a, 99), WfsErrorCode.BAD_REQUEST); // no such store
        t.apply(new NodeLivenessCommand(new int[] {d}, false));
        t.refusal(new ReplaceReplicaCommand(onA, a, d), WfsErrorCode.BAD_REQUEST); // d is down
        t.apply(new NodeLivenessCommand(new int[] {d}, true));

        long before = t.version();
        assertEquals(before + 1, (Long) t.apply(new ReplaceReplicaCommand(onA, a, d)));
        assertArrayEquals(new int[] {d, b, c}, t.model().volume(onA).replicas(), "d in a's place, primary slot kept");
        assertEquals(VolumeState.SEALED, t.model().volume(onA).state(), "read-only for good, fully replicated");
        assertFalse(t.<Boolean>read(s -> s.isQueuedForReplication(onA, a)));
        t.refusal(new ReplaceReplicaCommand(onA, a, d), WfsErrorCode.BAD_REQUEST); // done once only

        // The lost store came back before its copy: the entry just goes, and the volume is sealed again.
        t.apply(new NodeLivenessCommand(new int[] {a}, true));
        t.apply(new ReplaceReplicaCommand(sealedOnA, a, 0));
        assertArrayEquals(new int[] {b, a, c}, t.model().volume(sealedOnA).replicas());
        assertEquals(VolumeState.SEALED, t.model().volume(sealedOnA).state());
        assertEquals(0, (int) t.<Integer>read(s -> s.replicationQueue().size()));
    }

    @Test
    void aVolumeWithTwoLostReplicasStaysDegradedUntilBothAreReplaced() {
        int[] s = {store(1), store(2), store(3), store(4), store(5)};
        int v = t.applyInt(new CreateVolumeCommand(new int[] {s[0], s[1], s[2]}));
        t.apply(new SetVolumeStateCommand(v, VolumeState.SEALED, 0));
        t.apply(new NodeLivenessCommand(new int[] {s[0], s[1]}, false));
        t.apply(new ReplaceReplicaCommand(v, s[0], s[3]));
        assertEquals(VolumeState.DEGRADED, t.model().volume(v).state(), "s1 is still down");
        t.apply(new ReplaceReplicaCommand(v, s[1], s[4]));
        assertArrayEquals(new int[] {s[3], s[4], s[2]}, t.model().volume(v).replicas());
        assertEquals(VolumeState.SEALED, t.model().volume(v).state());
    }

    @Test
    void aDrainedStoreStopsTakingWritesAndQueuesItsVolumesUntilCancelled() {
        int a = store(1);
        int b = store(2);
        int c = store(3);
        int d = store(4);
        int onA = t.applyInt(new CreateVolumeCommand(new int[] {a, b, c}));
        int sealedOnA = t.applyInt(new CreateVolumeCommand(new int[] {b, a, c}));
        t.apply(new SetVolumeStateCommand(sealedOnA, VolumeState.SEALED, 0));
        int notOnA = t.applyInt(new CreateVolumeCommand(new int[] {d, b, c}));
        t.refusal(new DrainStoreCommand(99, true), WfsErrorCode.ENOENT);

        t.apply(new DrainStoreCommand(a, true));
        assertTrue(t.<Boolean>read(s -> s.drainingStores().contains(a)));
        assertEquals(VolumeState.READ_ONLY, t.model().volume(onA).state(), "its writable volume takes no more writes");
        assertEquals(VolumeState.SEALED, t.model().volume(sealedOnA).state());
        assertEquals(VolumeState.WRITABLE, t.model().volume(notOnA).state());
        assertTrue(t.<Boolean>read(s -> s.isQueuedForReplication(onA, a) && s.isQueuedForReplication(sealedOnA, a)));
        assertEquals(2, (int) t.<Integer>read(s -> s.replicationQueue().size()));

        t.apply(new ReplaceReplicaCommand(onA, a, d));
        assertArrayEquals(new int[] {d, b, c}, t.model().volume(onA).replicas(), "moved off the drained store");
        t.apply(new DrainStoreCommand(a, false));
        assertFalse(t.<Boolean>read(s -> s.drainingStores().contains(a)));
        assertEquals(0, (int) t.<Integer>read(s -> s.replicationQueue().size()), "what was not moved stays");
        assertArrayEquals(new int[] {b, a, c}, t.model().volume(sealedOnA).replicas());
    }

    @Test
    void metaGroupsOwnEverySlotOnceAndLeadersFollowHeartbeats() {
        int[] nodes = {meta(1), meta(2), meta(3), meta(4)};
        MetaGroupPlan plan = new BalancedPlacement().metaGroups(nodes, 3, 2);
        t.apply(new CreateMetaGroupsCommand(plan.peers(), plan.slotGroup()));
        assertEquals(2, t.model().groups().size());
        SlotMap map = t.model().toSlotMap(t.version());
        assertNotNull(map, "every slot has a group");
        assertEquals(2048, map.groups().get(0).slots().length);
        t.refusal(new CreateMetaGroupsCommand(plan.peers(), plan.slotGroup()), WfsErrorCode.BAD_REQUEST);
        RouteChange.Group g = t.model().groups().get(0);
        assertEquals(0, g.leader());
        t.apply(new SetGroupLeaderCommand(g.id(), g.peers()[1]));
        assertEquals(g.peers()[1], t.model().group(g.id()).leader());
        int outsider = Arrays.stream(nodes).filter(n -> Arrays.stream(g.peers()).noneMatch(p -> p == n)).findFirst().orElseThrow();
        t.refusal(new SetGroupLeaderCommand(g.id(), outsider), WfsErrorCode.BAD_REQUEST);
        t.refusal(new SetGroupLeaderCommand(999, nodes[0]), WfsErrorCode.ENOENT);
        t.apply(new NodeLivenessCommand(new int[] {g.peers()[1]}, false));
        assertEquals(0, t.model().group(g.id()).leader(), "a dead meta node leads nothing");
    }

    @Test
    void badMetaGroupPlansAreRefused() {
        int a = meta(1);
        int b = meta(2);
        int[] slots = new int[SlotMap.SLOTS];
        t.refusal(new CreateMetaGroupsCommand(new int[][] {{a, a}}, slots), WfsErrorCode.BAD_REQUEST);
        t.refusal(new CreateMetaGroupsCommand(new int[][] {{a, 99}}, slots), WfsErrorCode.BAD_REQUEST);
        t.refusal(new CreateMetaGroupsCommand(new int[][] {{a, b}}, new int[10]), WfsErrorCode.BAD_REQUEST);
        int[] bad = slots.clone();
        bad[5] = 1;
        t.refusal(new CreateMetaGroupsCommand(new int[][] {{a, b}}, bad), WfsErrorCode.BAD_REQUEST);
        t.refusal(new CreateMetaGroupsCommand(new int[0][], slots), WfsErrorCode.BAD_REQUEST);
        t.apply(new CreateMetaGroupsCommand(new int[][] {{a, b}}, slots));
        assertArrayEquals(new int[] {a, b}, t.model().groups().get(0).peers());
    }
}
