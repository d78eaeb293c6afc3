package io.wfs.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alipay.sofa.jraft.entity.PeerId;
import com.alipay.sofa.jraft.util.Endpoint;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.testing.Await;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real 3-replica jraft group on loopback, three hosts in this JVM, each with its own port and folder. */
class RaftGroupTest {
    private static final String GROUP = "g1";

    @TempDir
    Path dir;

    private final List<Endpoint> endpoints = new ArrayList<>();
    private final RaftNodeHost[] hosts = new RaftNodeHost[3];
    private final RaftGroup[] groups = new RaftGroup[3];
    private final KvStateMachine[] machines = new KvStateMachine[3];
    private final MetricRegistry[] registries = new MetricRegistry[3];

    private static RaftGroupOptions options() {
        return RaftGroupOptions.from(WfsConfig.defaults()
                .with(RaftConfigKeys.ELECTION_TIMEOUT, Duration.ofMillis(1000))
                .with(RaftConfigKeys.MAX_ELECTION_DELAY, Duration.ofMillis(200)));
    }

    @BeforeEach
    void start() throws Exception {
        for (int i = 0; i < 3; i++) {
            endpoints.add(new Endpoint("127.0.0.1", io.wfs.common.rpc.FreePorts.pick()));
        }
        for (int i = 0; i < 3; i++) {
            startReplica(i);
        }
    }

    private void startReplica(int i) throws IOException {
        registries[i] = new MetricRegistry();
        hosts[i] = new RaftNodeHost(endpoints.get(i), dir.resolve("node" + i), options(), registries[i]);
        machines[i] = new KvStateMachine();
        List<PeerId> peers = endpoints.stream().map(e -> new PeerId(e, 0)).toList();
        groups[i] = hosts[i].startGroup(GROUP, peers, machines[i]);
    }

    @AfterEach
    void stop() {
        for (RaftNodeHost h : hosts) {
            if (h != null) {
                h.close();
            }
        }
    }

    /** Index of the running replica that leads now, or null. */
    private Integer leader() {
        for (int i = 0; i < 3; i++) {
            RaftGroup g = groups[i];
            if (g != null && hosts[i] != null && g.isLeader()) {
                return i;
            }
        }
        return null;
    }

    private int awaitLeader() throws InterruptedException {
        return Await.value(Duration.ofSeconds(30), this::leader, "a leader elected");
    }

    private void awaitApplied(int replica, long index) throws InterruptedException {
        Await.until(Duration.ofSeconds(30), () -> groups[replica].appliedIndex() >= index,
                "replica " + replica + " caught up to " + index);
    }

    /** Waits until the writer stream has {@code count} more acknowledged commands than {@code from}. */
    private static void awaitAcknowledged(Set<String> acknowledged, int from, int count) throws InterruptedException {
        Await.until(Duration.ofSeconds(30), () -> acknowledged.size() >= from + count,
                () -> count + " more commands acknowledged after " + from + ", got " + (acknowledged.size() - from));
    }

    @Test
    void concurrentProposalsAreAppliedOnceAndEveryReplicaAgrees() throws Exception {
        int leader = awaitLeader();
        List<CompletableFuture<Object>> results = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            results.add(groups[leader].propose(KvStateMachine.put("k" + i, "v" + i)));
        }
        for (CompletableFuture<Object> r : results) {
            assertEquals("null", r.get(30, TimeUnit.SECONDS), "first put of a key answers the previous value (none)");
        }
        assertEquals("v0", groups[leader].propose(KvStateMachine.put("k0", "again")).get(10, TimeUnit.SECONDS));
        long index = groups[leader].appliedIndex();
        for (int i = 0; i < 3; i++) {
            awaitApplied(i, index);
            assertEquals(3000, machines[i].size());
            assertEquals(machines[leader].digest(), machines[i].digest(), "replica " + i);
        }
        assertTrue(registries[leader].histogram("raft." + GROUP + ".entry_commands").getCount() > 0);
    }

    @Test
    void aFollowerAnswersNotLeaderWithTheLeadersEndpoint() throws Exception {
        int leader = awaitLeader();
        int follower = (leader + 1) % 3;
        Await.until(Duration.ofSeconds(10), () -> groups[follower].leader() != null, "follower " + follower + " knows the leader");
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> groups[follower].propose(KvStateMachine.put("a", "b")).get(10, TimeUnit.SECONDS));
        WfsException w = WfsException.unwrap(e);
        assertEquals(WfsErrorCode.NOT_LEADER, w.code());
        assertEquals(endpoints.get(leader).toString(), w.leaderHint());
    }

    /**
     * After a read barrier a replica, leader or follower, has applied every acknowledged command;
     * without a quorum the barrier fails instead of letting a cut-off replica answer from old state.
     */
    @Test
    void aReadBarrierWaitsForEveryAcknowledgedCommandAndFailsWithoutAQuorum() throws Exception {
        int leader = awaitLeader();
        for (int i = 0; i < 200; i++) {
            groups[leader].propose(KvStateMachine.put("r" + i, "v")).get(10, TimeUnit.SECONDS);
            int follower = (leader + 1 + i % 2) % 3;
            groups[follower].readBarrier().get(10, TimeUnit.SECONDS);
            assertEquals(i + 1, machines[follower].size(), "follower " + follower + " after the barrier");
        }
        groups[leader].readBarrier().get(10, TimeUnit.SECONDS);
        assertEquals(200, machines[leader].size());
        for (int i = 0; i < 3; i++) {
            if (i != leader) {
                hosts[i].close();
                hosts[i] = null;
            }
        }
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> groups[leader].readBarrier().get(30, TimeUnit.SECONDS));
        assertEquals(WfsErrorCode.UNAVAILABLE, WfsException.unwrap(e).code());
    }

    @Test
    void leaderReadsAreServedAtOnceUnderTheLeaseAndRefusedOnceTheFollowersAreGone() throws Exception {
        int leader = awaitLeader();
        groups[leader].propose(KvStateMachine.put("k", "v")).get(10, TimeUnit.SECONDS);
        groups[leader].leaderRead().get(10, TimeUnit.SECONDS);
        assertTrue(groups[leader].leaderRead().isDone(), "renewed: the next read needs no round trip");
        for (int i = 0; i < 3; i++) {
            if (i != leader) {
                groups[i].leaderRead().handle((ok, error) -> null).get(10, TimeUnit.SECONDS);
                assertTrue(groups[i].leaderRead().isCompletedExceptionally() || !groups[i].leaderRead().isDone(),
                        "a follower holds no lease");
                hosts[i].close();
                hosts[i] = null;
            }
        }
        // Cut off from every follower, the leader stops answering reads from its own state once its
        // lease runs out, whether or not jraft has made it step down yet.
        Await.until(Duration.ofSeconds(30), () -> {
            try {
                groups[leader].leaderRead().get(30, TimeUnit.SECONDS);
                return false;
            } catch (ExecutionException refused) {
                return true;
            }
        }, "a leader without followers refuses reads");
    }

    @Test
    void domainErrorsAndApplyBugsFailOnlyTheirOwnProposal() throws Exception {
        int leader = awaitLeader();
        groups[leader].propose(KvStateMachine.put("x", "1")).get(10, TimeUnit.SECONDS);
        CompletableFuture<Object> conflict = groups[leader].propose(KvStateMachine.cas("x", "2", "3"));
        CompletableFuture<Object> bug = groups[leader].propose("boom".getBytes());
        CompletableFuture<Object> ok = groups[leader].propose(KvStateMachine.cas("x", "1", "4"));
        assertEquals(WfsErrorCode.EEXIST,
                WfsException.unwrap(assertThrows(ExecutionException.class, () -> conflict.get(10, TimeUnit.SECONDS))).code());
        assertEquals(WfsErrorCode.INTERNAL,
                WfsException.unwrap(assertThrows(ExecutionException.class, () -> bug.get(10, TimeUnit.SECONDS))).code());
        assertEquals("1", ok.get(10, TimeUnit.SECONDS));
        long index = groups[leader].appliedIndex();
        for (int i = 0; i < 3; i++) {
            awaitApplied(i, index);
            assertEquals("4", machines[i].get("x"));
        }
        assertEquals(1, registries[leader].counter("raft." + GROUP + ".apply_failures").getCount());
    }

    @Test
    void stoppingTheLeaderDuringAStreamLosesNoAcknowledgedCommand() throws Exception {
        awaitLeader();
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread writer = new Thread(() -> {
            for (int i = 0; running.get(); i++) {
                String key = "s" + i;
                // Retry through whichever replica leads now; an idempotent put makes retries safe here
                // (the meta tier gets the same from its session table).
                for (int attempt = 0; attempt < 200 && running.get(); attempt++) {
                    int target = Math.floorMod(i + attempt, 3);
                    if (hosts[target] == null) {
                        continue;
                    }
                    try {
                        groups[target].propose(KvStateMachine.put(key, "v")).get(5, TimeUnit.SECONDS);
                        acknowledged.add(key);
                        break;
                    } catch (Exception e) {
                        // Try the next replica once one leads (an election may be running).
                        awaitLeaderQuietly();
                    }
                }
            }
        });
        writer.start();
        int newLeader;
        try {
            // The stream runs through the first leader, then through the next one.
            awaitAcknowledged(acknowledged, 0, 20);
            int oldLeader = awaitLeader();
            hosts[oldLeader].close();
            hosts[oldLeader] = null;
            groups[oldLeader] = null;
            newLeader = awaitLeader();
            awaitAcknowledged(acknowledged, acknowledged.size(), 20);
        } finally {
            running.set(false);
            writer.join(30_000);
        }
        assertTrue(acknowledged.size() > 10, "the stream made progress: " + acknowledged.size());
        long index = groups[newLeader].appliedIndex();
        for (int i = 0; i < 3; i++) {
            if (hosts[i] == null) {
                continue;
            }
            awaitApplied(i, index);
            for (String key : acknowledged) {
                assertEquals("v", machines[i].get(key), "acknowledged " + key + " missing on replica " + i);
            }
            assertEquals(machines[newLeader].digest(), machines[i].digest());
        }
    }

    @Test
    void aRestartedReplicaRecoversFromSnapshotPlusLog() throws Exception {
        int leader = awaitLeader();
        for (int i = 0; i < 200; i++) {
            groups[leader].propose(KvStateMachine.put("a" + i, "1")).get(10, TimeUnit.SECONDS);
        }
        int follower = (leader + 1) % 3;
        awaitApplied(follower, groups[leader].appliedIndex());
        groups[follower].snapshot();
        for (int i = 0; i < 100; i++) {
            groups[leader].propose(KvStateMachine.put("b" + i, "2")).get(10, TimeUnit.SECONDS);
        }
        awaitApplied(follower, groups[leader].appliedIndex());
        hosts[follower].close();
        for (int i = 0; i < 50; i++) {
            groups[leader].propose(KvStateMachine.put("c" + i, "3")).get(10, TimeUnit.SECONDS);
        }
        startReplica(follower);
        awaitApplied(follower, groups[leader].appliedIndex());
        assertEquals(350, machines[follower].size());
        assertEquals(machines[leader].digest(), machines[follower].digest());
        assertNotNull(machines[follower].get("c49"));
    }

    private void awaitLeaderQuietly() {
        try {
            awaitLeader();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (AssertionError e) {
            // No leader for 30 s: the attempts left find the same, and the test's own waits report it.
        }
    }
}
