package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.SlotMap;
import io.wfs.common.testing.Await;
import io.wfs.meta.manager.MetaManagerAgent;
import io.wfs.meta.manager.MetaManagerConfigKeys;
import io.wfs.meta.server.MetaGroupReplica;
import io.wfs.meta.server.MetaServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Meta servers configured with {@code meta.managers} and no slot-map file: they register, the
 * manager places two groups on them, the servers start those groups from the manager's slot
 * map and serve the namespace, and their heartbeats keep each group's leader in the route
 * current across a leader's stop.
 */
class MetaFromManagerIT {
    private MiniCluster cluster;
    private ManagerCluster managers;
    private final List<MetaServer> servers = new ArrayList<>();
    private final List<MetaManagerAgent> agents = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        agents.forEach(MetaManagerAgent::close);
        servers.forEach(s -> {
            if (s != null) {
                s.close();
            }
        });
        if (cluster != null) {
            cluster.close();
        }
    }

    private WfsConfig metaConfig(int i, Map<String, String> extra) throws Exception {
        return cluster.metaFromManagerConfig(i, extra);
    }

    @Test
    void metaServersTakeTheirGroupsFromTheManagerAndReportTheirLeaders() throws Exception {
        cluster = MiniCluster.builder().metaNodes(0).managers(1).managerSetting("manager.meta-replicas", "3")
                .managerSetting("manager.meta-groups-per-node", "2").managerSetting("manager.heartbeat-interval", "200ms")
                .managerSetting("manager.node-timeout", "5s").start();
        managers = cluster.managers();
        List<CompletableFuture<SlotMap>> maps = new ArrayList<>();
        List<WfsConfig> configs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            WfsConfig config = metaConfig(i, Map.of());
            configs.add(config);
            MetaManagerAgent agent = MetaManagerAgent.create(config, managers.secret(), new MetricRegistry());
            agents.add(agent);
            // Each blocks until all three registered and the manager placed the groups.
            maps.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return agent.awaitSlotMap(Duration.ofSeconds(60));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        ManagerClient manager = managers.managerClient();
        RouteModel route = ManagerTopology.model(manager.call(new io.wfs.common.msg.manager.ClusterStatusRequest()));
        for (int i = 0; i < 3; i++) {
            SlotMap map = maps.get(i).get(90, TimeUnit.SECONDS);
            route = ManagerTopology.model(manager.call(new io.wfs.common.msg.manager.ClusterStatusRequest()));
            assertEquals(route.groups().size(), map.groups().size(), "the server's slot map has the manager's groups");
            int[] owners = route.slotOwners();
            for (int slot = 0; slot < SlotMap.SLOTS; slot++) {
                assertEquals("g" + owners[slot], map.groupOfSlot(slot).id(), "owner of slot " + slot);
            }
            for (RouteChange.Group g : route.groups()) {
                assertEquals(g.peers().length, map.group("g" + g.id()).peers().size());
            }
            servers.add(new MetaServer(configs.get(i), managers.secret(), map, new MetricRegistry()).start());
            agents.get(i).start(servers.get(i));
        }
        assertEquals(2, route.groups().size());
        long[] startVersions = servers.stream().mapToLong(sv -> sv.slotMap().version()).toArray();

        // Every group gets a leader, and the route names it.
        for (RouteChange.Group g : route.groups()) {
            Await.until(Duration.ofSeconds(60), () -> leaderInRoute(manager, g.id()) != 0
                    && leaderInRoute(manager, g.id()) == leadingNode(g.id()), "the route names the leader of group " + g.id());
        }
        // The namespace works through the manager-placed groups (a new directory lands in another slot's group).
        try (MetaClient client = new MetaClient(managers.rpcClient(), servers.get(0).slotMap(), Duration.ofSeconds(30))) {
            InodeAttr dir = client.call(new MkdirRequest(client.mutation(0, 0), 1, n("data"), 0755)).get(30, TimeUnit.SECONDS).attr();
            client.call(new MknodRequest(client.mutation(0, 0), dir.ino(), n("f"), Posix.S_IFREG | 0644, 0)).get(30, TimeUnit.SECONDS);
            assertEquals(dir.ino(), client.call(new LookupRequest(client.query(0, 0), 1, n("data"))).get(30, TimeUnit.SECONDS)
                    .attr().ino());
        }

        // The leader of the first group stops; the new leader's heartbeats put it in the route.
        int group = route.groups().get(0).id();
        int oldLeader = leadingNode(group);
        int index = agents.stream().map(MetaManagerAgent::nodeId).toList().indexOf(oldLeader);
        agents.get(index).close();
        servers.get(index).close();
        servers.set(index, null);
        Await.until(Duration.ofSeconds(60), () -> {
            int now = leaderInRoute(manager, group);
            return now != 0 && now != oldLeader && now == leadingNode(group);
        }, "the route names the new leader of group " + group);
        assertNotEquals(oldLeader, leaderInRoute(manager, group));
        for (int i = 0; i < servers.size(); i++) {
            if (servers.get(i) != null) {
                assertEquals(startVersions[i], servers.get(i).slotMap().version(),
                        "leader changes are no new slot map: meta requests do not go stale for them");
            }
        }
        assertTrue(RouteHistory.assertInvariantsAtEveryVersion(((InProcessManagerNode) managers.manager(0)).server()) > 0);

        // It comes back (same data, same addresses): it stamps the unchanged layout with today's
        // route version, later than the version the others stamped it with at their start, and
        // refuses requests built on an older one. The others' own requests to it (cross-group
        // steps) must carry a version it accepts: new directories in every group still work.
        WfsConfig again = configs.get(index);
        MetaManagerAgent agent = MetaManagerAgent.create(again, managers.secret(), new MetricRegistry());
        agents.set(index, agent);
        servers.set(index, new MetaServer(again, managers.secret(), agent.awaitSlotMap(Duration.ofSeconds(60)),
                new MetricRegistry()).start());
        agent.start(servers.get(index));
        long restartedVersion = servers.get(index).slotMap().version();
        assertTrue(restartedVersion > startVersions[(index + 1) % 3], "the route moved on while it was down");
        Await.until(Duration.ofSeconds(60), () -> servers.stream().allMatch(sv -> sv.peerRouteVersion() >= restartedVersion),
                "every node routes its own requests by the newest route");
        try (MetaClient client = new MetaClient(managers.rpcClient(), servers.get(index).slotMap(), Duration.ofSeconds(60))) {
            long data = client.call(new LookupRequest(client.query(0, 0), 1, n("data"))).get(60, TimeUnit.SECONDS).attr().ino();
            // An old node coordinates (it leads the parent's group), the restarted one leads the other group.
            String parentGroup = client.groupOf(data).id();
            String otherGroup = route.groups().stream().map(g -> "g" + g.id()).filter(g -> !g.equals(parentGroup))
                    .findFirst().orElseThrow();
            leadBy(otherGroup, index, configs);
            leadBy(parentGroup, (index + 1) % 3, configs);
            java.util.Set<String> groups = new java.util.HashSet<>();
            for (int d = 0; groups.size() < 2 && d < 64; d++) {
                InodeAttr sub = client.call(new MkdirRequest(client.mutation(0, 0), data, n("d" + d), 0755))
                        .get(60, TimeUnit.SECONDS).attr();
                groups.add(client.groupOf(sub.ino()).id());
            }
            assertEquals(2, groups.size(), "directories made in both groups after the restart");
        }
    }

    @Test
    void aMetaServerWithoutPlacedGroupsGivesUpAfterItsWaitAndBadManagerAddressesAreRefused() throws Exception {
        cluster = MiniCluster.builder().metaNodes(0).managers(1).managerSetting("manager.meta-replicas", "3").start();
        managers = cluster.managers();
        MetaManagerAgent lonely = MetaManagerAgent.create(metaConfig(0, Map.of()), managers.secret(), new MetricRegistry());
        agents.add(lonely);
        assertThrows(TimeoutException.class, () -> lonely.awaitSlotMap(Duration.ofSeconds(1)));
        assertTrue(lonely.nodeId() > 0, "it registered while waiting");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> MetaManagerAgent.create(
                metaConfig(1, Map.of(MetaManagerConfigKeys.MANAGERS.name(), "nonsense")), managers.secret(), new MetricRegistry()));
        assertTrue(bad.getMessage().contains("is not host:port"), bad.getMessage());
        assertEquals(null, MetaManagerAgent.create(metaConfig(2, Map.of(MetaManagerConfigKeys.MANAGERS.name(), "")),
                managers.secret(), new MetricRegistry()));
    }

    /** Moves the leadership of {@code group} to server {@code i} (asking whoever leads it now, until it is there). */
    private void leadBy(String group, int i, List<WfsConfig> configs) throws InterruptedException {
        com.alipay.sofa.jraft.entity.PeerId target = com.alipay.sofa.jraft.entity.PeerId.parsePeer(
                configs.get(i).get(io.wfs.meta.server.MetaConfigKeys.RAFT_ADDRESS));
        Await.until(Duration.ofSeconds(60), () -> {
            if (servers.get(i).replica(group).raft().isLeader()) {
                return true;
            }
            for (MetaServer s : servers) {
                if (s.replica(group).raft().isLeader()) {
                    s.replica(group).raft().transferLeadershipTo(target);
                }
            }
            return false;
        }, "server " + i + " leads " + group);
    }

    private static int leaderInRoute(ManagerClient manager, int group) {
        return ManagerTopology.model(manager.call(new io.wfs.common.msg.manager.ClusterStatusRequest())).group(group).leader();
    }

    /** The manager node id of the meta server leading raft group "g{group}" now, or 0. */
    private int leadingNode(int group) {
        for (int i = 0; i < servers.size(); i++) {
            MetaServer s = servers.get(i);
            MetaGroupReplica r = s == null ? null : s.replica("g" + group);
            if (r != null && r.raft().isLeader()) {
                return agents.get(i).nodeId();
            }
        }
        return 0;
    }

    private static byte[] n(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
