package io.wfs.it;

import io.wfs.common.testing.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

/**
 * The faults of the chaos suite (issue 19), one at a time, chosen with a seed: kill -9 and restart
 * of a meta replica, a group leader, a store, the manager; SIGSTOP of a leader, a store and a
 * client mount for longer than their leases; a leader isolated from everyone, a leader cut from
 * its followers only, a client cut from one group's leader only (a partial partition: it still
 * reaches the followers, which keep that leader), a store isolated; a node's link slowed to a trickle. After each fault it
 * heals the network, restarts what it stopped and waits until every group has a leader again, so
 * faults never pile up beyond what three replicas promise to survive.
 */
final class ChaosNemesis {
    enum Fault {
        KILL_META, KILL_LEADER, KILL_STORE, KILL_MANAGER, PAUSE_LEADER, PAUSE_STORE, PAUSE_CLIENT,
        ISOLATE_LEADER, CUT_LEADER_FROM_FOLLOWERS, CUT_CLIENT_FROM_LEADER, ISOLATE_STORE, THROTTLE_NODE
    }

    private static final Duration RECOVERY = Duration.ofSeconds(120);
    private final MiniCluster cluster;
    private final ProcessMount pausableClient;
    private final Duration clientLease;
    private final java.util.function.Supplier<Await.Condition> workloadMoves;
    private final Random random;
    private final Consumer<String> log;
    private final List<String> injected = new ArrayList<>();

    /**
     * Faults on {@code cluster} (built with {@link MiniClusterBuilder#hostPerProcess()}); the client
     * that {@link Fault#PAUSE_CLIENT} stops is {@code pausableClient}, for longer than
     * {@code clientLease} (the meta servers' session lease). {@code workloadMoves} gives, each time
     * it is asked, a condition that holds once the workload has made progress since then: a fault
     * that is not over by itself (a paused store, a throttled link) is held until the workload has
     * run under it.
     */
    ChaosNemesis(MiniCluster cluster, ProcessMount pausableClient, Duration clientLease,
                 java.util.function.Supplier<Await.Condition> workloadMoves, long seed, Consumer<String> log) {
        this.cluster = cluster;
        this.pausableClient = pausableClient;
        this.clientLease = clientLease;
        this.workloadMoves = workloadMoves;
        this.random = new Random(seed);
        this.log = log;
    }

    /** Every fault kind once, in an order drawn from the seed: what the short run in CI does. */
    List<Fault> everyKindShuffled() {
        List<Fault> all = new ArrayList<>(List.of(Fault.values()));
        java.util.Collections.shuffle(all, random);
        return all;
    }

    Fault anyKind() {
        return Fault.values()[random.nextInt(Fault.values().length)];
    }

    /** What was injected so far, one line each. */
    List<String> injected() {
        return List.copyOf(injected);
    }

    /** Injects {@code fault}, holds it, undoes it and waits until the cluster serves every group again. */
    void inject(Fault fault) throws Exception {
        NetworkLab net = cluster.network();
        switch (fault) {
            case KILL_META -> restartAfterKill(fault, metaNode(random.nextInt(cluster.metaCount())));
            case KILL_LEADER -> restartAfterKill(fault, leader().node());
            case KILL_STORE -> {
                ProcessStoreNode s = cluster.storeProcess(random.nextInt(cluster.storeProcesses().size()));
                note(fault, s.address());
                s.kill();
                s.start();
            }
            case KILL_MANAGER -> {
                ManagerNode m = cluster.managers().manager(0);
                note(fault, m.rpcAddress());
                m.kill();
                m.start();
            }
            case PAUSE_LEADER -> {
                Led led = leader();
                ProcessMetaNode leader = led.node();
                String group = led.group();
                note(fault, leader.host().address() + " (group " + group + ")");
                leader.process().pause();
                try {
                    awaitOtherLeader(group, leader);
                } finally {
                    leader.process().resume();
                }
            }
            case PAUSE_STORE -> {
                ProcessStoreNode s = cluster.storeProcess(random.nextInt(cluster.storeProcesses().size()));
                note(fault, s.address());
                s.process().pause();
                try {
                    holdWhileTheWorkloadRuns(fault);
                } finally {
                    s.process().resume();
                }
            }
            case PAUSE_CLIENT -> {
                note(fault, pausableClient.mountPoint() + " for longer than the session lease " + clientLease);
                int expiriesBefore = sessionExpiries();
                pausableClient.process().pause();
                try {
                    awaitSessionExpiry(expiriesBefore);
                } finally {
                    pausableClient.process().resume();
                }
            }
            case ISOLATE_LEADER -> {
                Led led = leader();
                ProcessMetaNode leader = led.node();
                String group = led.group();
                note(fault, leader.host().address() + " (group " + group + ")");
                net.isolate(leader.host());
                try {
                    awaitOtherLeader(group, leader);
                } finally {
                    net.heal();
                }
            }
            case CUT_LEADER_FROM_FOLLOWERS -> {
                Led led = leader();
                ProcessMetaNode leader = led.node();
                String group = led.group();
                note(fault, leader.host().address() + " (group " + group + "), clients and stores still reach it");
                for (MetaNode other : cluster.metaNodes()) {
                    if (other != leader) {
                        net.cut(leader.host(), ((ProcessMetaNode) other).host());
                    }
                }
                try {
                    awaitOtherLeader(group, leader);
                } finally {
                    net.heal();
                }
            }
            case CUT_CLIENT_FROM_LEADER -> {
                Led led = leader();
                note(fault, pausableClient.mountPoint() + " from " + led.node().host().address() + " (leader of "
                        + led.group() + "); both still reach everyone else");
                net.cut(pausableClient.host(), led.node().host());
                try {
                    holdWhileTheWorkloadRuns(fault);
                } finally {
                    net.heal();
                }
            }
            case ISOLATE_STORE -> {
                ProcessStoreNode s = cluster.storeProcess(random.nextInt(cluster.storeProcesses().size()));
                note(fault, s.address());
                net.isolate(s.host());
                try {
                    holdWhileTheWorkloadRuns(fault);
                } finally {
                    net.heal();
                }
            }
            case THROTTLE_NODE -> {
                NodeHost h = random.nextBoolean() ? metaNode(random.nextInt(cluster.metaCount())).host()
                        : cluster.storeProcess(random.nextInt(cluster.storeProcesses().size())).host();
                note(fault, h.address() + " sends at 1 Mbit/s");
                net.throttle(h, "1mbit");
                try {
                    holdWhileTheWorkloadRuns(fault);
                } finally {
                    net.heal();
                }
            }
            default -> throw new IllegalArgumentException(fault.name());
        }
        awaitServing();
    }

    private void note(Fault fault, String target) {
        String line = fault + " " + target;
        injected.add(line);
        log.accept("nemesis: " + line);
    }

    private void restartAfterKill(Fault fault, ProcessMetaNode node) throws Exception {
        note(fault, node.host().address());
        node.kill();
        node.start();
    }

    /** A group and the node leading it. */
    private record Led(ProcessMetaNode node, String group) {
    }

    private ProcessMetaNode metaNode(int i) {
        return (ProcessMetaNode) cluster.meta(i);
    }

    /** A group chosen at random and the node leading it now. */
    private Led leader() throws Exception {
        List<String> groups = groups();
        String group = groups.get(random.nextInt(groups.size()));
        ProcessMetaNode node = Await.value(RECOVERY,
                () -> (ProcessMetaNode) ManagedMetaNodes.leaderOf(cluster.metaNodes(), group), "a leader of " + group);
        return new Led(node, group);
    }

    /** The groups the meta nodes report (each node hosts a replica of every group here). */
    @SuppressWarnings("unchecked")
    private List<String> groups() throws Exception {
        return Await.value(RECOVERY, () -> {
            for (MetaNode n : cluster.metaNodes()) {
                try {
                    List<Map<String, Object>> gs = (List<Map<String, Object>>) n.status().get("groups");
                    if (gs != null && !gs.isEmpty()) {
                        return gs.stream().map(g -> (String) g.get("group")).toList();
                    }
                } catch (Exception e) {
                    // a node restarting: ask the next one
                }
            }
            return null;
        }, "the meta groups from any node's status");
    }

    /** Until another node than {@code old} leads {@code group}: the fault has done what it is for. */
    private void awaitOtherLeader(String group, ProcessMetaNode old) throws InterruptedException {
        Await.until(RECOVERY, () -> {
            MetaNode now = ManagedMetaNodes.leaderOf(others(old), group);
            return now != null;
        }, "a leader of " + group + " other than " + old.host().address());
    }

    private List<MetaNode> others(MetaNode node) {
        List<MetaNode> rest = new ArrayList<>(cluster.metaNodes());
        rest.remove(node);
        return rest;
    }

    /** Until every group has a leader and every process runs. */
    void awaitServing() throws Exception {
        List<String> groups = groups();
        Await.until(RECOVERY, () -> groups.stream().allMatch(g -> ManagedMetaNodes.leaderOf(cluster.metaNodes(), g) != null)
                && cluster.metaNodes().stream().allMatch(MetaNode::isRunning)
                && cluster.storeProcesses().stream().allMatch(ProcessStoreNode::isRunning),
                "every group led and every node running after a fault");
    }

    /** Keeps {@code fault} in place until the workload has made progress under it. */
    private void holdWhileTheWorkloadRuns(Fault fault) throws InterruptedException {
        Await.until(RECOVERY, workloadMoves.get(), "the workload to make progress under " + fault);
    }

    /** Lines "expired N idle sessions" that the meta leaders logged so far (MetaGroupReplica). */
    private int sessionExpiries() throws java.io.IOException {
        int n = 0;
        for (MetaNode m : cluster.metaNodes()) {
            try (java.util.stream.Stream<String> lines = java.nio.file.Files.lines(((ProcessMetaNode) m).process().log())) {
                n += (int) lines.filter(l -> l.contains("idle sessions")).count();
            }
        }
        return n;
    }

    /** Until a meta leader has expired a session since the pause began: the stopped client's lease ran out. */
    private void awaitSessionExpiry(int expiriesBefore) throws InterruptedException {
        Await.until(RECOVERY, () -> sessionExpiries() > expiriesBefore,
                "a meta leader to expire the paused client's session (lease " + clientLease + ")");
    }
}
