package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.StoreManagerLink;
import io.wfs.common.testing.Await;
import io.wfs.manager.placement.PlacementInvariants;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Three real {@code bin/wfs manager} processes: the leader is killed with SIGKILL; the topology
 * (nodes, groups, slots, volumes) survives on the new leader, which keeps accepting
 * registrations and heartbeats; then {@code bin/wfs status} prints the whole cluster.
 */
class ManagerLeaderKillIT {
    private static final Duration HEARTBEAT = Duration.ofMillis(300);
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void topologySurvivesTheLeaderKillAndTheNewLeaderServesNodes() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(0).managers(3).managerProcesses(true)
                .managerSetting("manager.node-timeout", "8s").managerSetting("manager.heartbeat-interval", "300ms")
                .managerSetting("manager.check-interval", "200ms").managerSetting("manager.meta-groups-per-node", "2").start();
             ManagerTopology nodes = new ManagerTopology(cluster.managers().managerClient(), HEARTBEAT)) {
            ManagerCluster managers = cluster.managers();
            for (int i = 0; i < 3; i++) {
                nodes.addMeta();
            }
            for (int i = 0; i < 4; i++) {
                nodes.addStore();
            }
            ClusterStatusReply before = nodes.awaitStatus(s -> !model(s).groups().isEmpty()
                    && ManagerTopology.everyUpStoreWrites(model(s)), "groups placed and every store with a writable volume");
            RouteModel old = model(before);
            int firstGroup = old.groups().get(0).id();
            nodes.setLeads(nodes.metaIds().get(1), firstGroup);
            nodes.awaitStatus(s -> model(s).group(firstGroup).leader() == nodes.metaIds().get(1),
                    "group " + firstGroup + " led by the second meta node");
            before = nodes.status();
            old = model(before);
            assertEquals(List.of(), PlacementInvariants.violations(old));

            int killed = managers.leader();
            ((ProcessManagerNode) managers.manager(killed)).kill();
            int leader = managers.awaitLeader(Duration.ofSeconds(60));
            assertNotEquals(killed, leader);

            ClusterStatusReply after = nodes.status();
            RouteModel now = model(after);
            assertTrue(after.routeVersion() >= before.routeVersion(), "route version went back");
            assertEquals(old.stores(), now.stores(), "store nodes survive");
            assertEquals(old.metaNodes(), now.metaNodes(), "meta nodes survive");
            assertEquals(old.groups(), now.groups(), "groups and their leaders survive");
            assertTrue(java.util.Arrays.equals(old.slotOwners(), now.slotOwners()), "slot map survives");
            assertEquals(old.volumes(), now.volumes(), "volumes survive");

            // The new leader registers a node and takes its heartbeats (the route it pushes lists the node).
            StoreManagerLink added = nodes.addStore();
            assertTrue(added.nodeId() > old.stores().stream().mapToInt(RouteChange.StoreNode::id).max().orElse(0));
            ClusterStatusReply grown = nodes.awaitStatus(s -> model(s).store(added.nodeId()) != null
                    && model(s).writableVolumeOf(added.nodeId()) != null && heartbeatSeen(s, added.nodeId()),
                    "store " + added.nodeId() + " registered with the new leader, with a writable volume and heartbeats");
            Await.until(WAIT, () -> added.cache().routeVersion() >= grown.routeVersion()
                    && added.cache().read(m -> m.store(added.nodeId())) != null,
                    "the new store's route cache at version " + grown.routeVersion() + " and listing itself");
            int secondLeader = nodes.metaIds().get(2);
            nodes.setLeads(secondLeader, firstGroup);
            nodes.awaitStatus(s -> model(s).group(firstGroup).leader() == secondLeader,
                    "group " + firstGroup + " led by meta node " + secondLeader);
            ClusterStatusReply last = nodes.status();
            assertEquals(List.of(), PlacementInvariants.violations(model(last)));
            assertTrue(last.nodes().stream().allMatch(n -> n.up()), "every heartbeating node stays up across the failover");

            ManagerTopology.assertStatusCommandShows(cluster, last);
            checkFollowers(managers, leader, last);

            // The killed manager restarts from its own log and snapshot and catches up with the group.
            ManagerNode back = managers.manager(killed);
            back.start();
            long target = nodes.status().routeVersion();
            Await.until(WAIT, () -> ((Number) back.status().get("routeVersion")).longValue() >= target,
                    "the restarted manager " + killed + " caught up to route version " + target);
        }
    }

    /**
     * A follower refuses leader-only requests with NOT_LEADER naming the leader's RPC address,
     * and serves full routes itself (any replica answers routes from its applied state).
     */
    private static void checkFollowers(ManagerCluster managers, int leader, ClusterStatusReply status) throws Exception {
        io.wfs.common.rpc.client.RpcClient rpc = managers.rpcClient();
        for (int i = 0; i < managers.size(); i++) {
            if (i == leader || !managers.manager(i).isRunning()) {
                continue;
            }
            String at = managers.manager(i).rpcAddress();
            java.net.InetSocketAddress address = new java.net.InetSocketAddress("127.0.0.1",
                    Integer.parseInt(at.substring(at.lastIndexOf(':') + 1)));
            java.util.concurrent.ExecutionException refused = org.junit.jupiter.api.Assertions.assertThrows(
                    java.util.concurrent.ExecutionException.class, () -> rpc.call(address,
                            new io.wfs.common.msg.manager.ClusterStatusRequest()).get(10, TimeUnit.SECONDS));
            io.wfs.common.error.WfsException e = io.wfs.common.error.WfsException.unwrap(refused);
            assertEquals(io.wfs.common.error.WfsErrorCode.NOT_LEADER, e.code());
            assertEquals(managers.manager(leader).rpcAddress(), e.leaderHint());
            Await.until(WAIT, () -> rpc.call(address, new io.wfs.common.msg.manager.FullRouteRequest("it"))
                    .get(10, TimeUnit.SECONDS).routeVersion() >= status.routeVersion(),
                    "follower " + at + " serves a full route at version " + status.routeVersion() + " or later");
        }
    }

    private static RouteModel model(ClusterStatusReply s) {
        return ManagerTopology.model(s);
    }

    private static boolean heartbeatSeen(ClusterStatusReply s, int node) {
        return s.nodes().stream().anyMatch(n -> n.nodeId() == node && n.up() && n.heartbeatAgeMillis() >= 0);
    }
}
