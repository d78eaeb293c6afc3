package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.testing.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Three real {@code wfs meta} processes; the leader is killed with SIGKILL in the middle of a
 * stream of creates. Every acknowledged create must be there afterwards, and once the killed
 * node is back, the three replicas must hold identical state.
 */
class MetaLeaderKillIT {
    private static byte[] n(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void killingTheLeaderLosesNoAcknowledgedCreate() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(3).groups(1).processes(true)
                .set("raft.election-timeout", "1000ms").set("raft.max-election-delay", "300ms").start()) {
            MetaClient client = cluster.metaClient();
            long dir = client.call(new MkdirRequest(client.mutation(0, 0), 1, n("stream"), 0755)).get(30, TimeUnit.SECONDS)
                    .attr().ino();
            Set<String> acknowledged = ConcurrentHashMap.newKeySet();
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicLong lastAckNanos = new AtomicLong();
            AtomicLong longestGapNanos = new AtomicLong();
            Thread writer = new Thread(() -> {
                for (int i = 0; running.get(); i++) {
                    String name = "f" + i;
                    try {
                        client.call(new MknodRequest(client.mutation(0, 0), dir, n(name), Posix.S_IFREG | 0644, 0)).get(60, TimeUnit.SECONDS);
                        acknowledged.add(name);
                        long now = System.nanoTime();
                        long prev = lastAckNanos.getAndSet(now);
                        if (prev != 0) {
                            longestGapNanos.accumulateAndGet(now - prev, Math::max);
                        }
                    } catch (Exception e) {
                        // Not acknowledged: it may or may not exist; only acknowledged ones are checked.
                    }
                }
            }, "create-stream");
            writer.start();
            int leader;
            int before;
            try {
                // The kill lands in the middle of a running stream.
                Await.until(Duration.ofSeconds(60), () -> acknowledged.size() >= 100, "100 creates acknowledged before the kill");
                leader = cluster.leaderOf("g0");
                assertTrue(leader >= 0);
                before = acknowledged.size();
                cluster.meta(leader).kill();
                Await.until(Duration.ofSeconds(60), () -> acknowledged.size() >= before + 200,
                        () -> "creates continued after the kill: " + acknowledged.size());
            } finally {
                running.set(false);
                writer.join(60_000);
            }
            assertTrue(acknowledged.size() >= before + 200, "creates continued after the kill: " + acknowledged.size());
            System.out.printf("[metrics] creates acknowledged=%d, longest gap between acks (failover)=%d ms%n",
                    acknowledged.size(), TimeUnit.NANOSECONDS.toMillis(longestGapNanos.get()));
            for (String name : acknowledged) {
                client.call(new LookupRequest(client.query(0, 0), dir, n(name))).get(30, TimeUnit.SECONDS);
            }
            cluster.meta(leader).start();
            List<String> digests = cluster.convergedDigests("g0", Duration.ofSeconds(60));
            assertEquals(3, digests.size());
            assertEquals(1, digests.stream().distinct().count(), "replica digests " + digests);
        }
    }
    /**
     * A leader whose followers are gone stops answering reads once its read lease runs out, whether
     * or not Raft has made it step down yet (docs/metadata.md, item 5), and its refusal names no
     * leader: before it steps down Raft would name this very node, and the client would ask it again
     * at once, in a loop.
     */
    @Test
    void aLeaderWithoutItsFollowersRefusesReadsAndNamesNoLeader() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(3).groups(1)
                .set("raft.election-timeout", "1000ms").set("raft.max-election-delay", "300ms").start()) {
            MetaClient client = cluster.metaClient();
            client.call(new MkdirRequest(client.mutation(0, 0), 1, n("d"), 0755)).get(30, TimeUnit.SECONDS);
            String group = cluster.slotMap().groups().get(0).id();
            int leader = Await.value(Duration.ofSeconds(30), () -> {
                int l = cluster.leaderOf(group);
                return l < 0 ? null : l;
            }, "a leader");
            java.net.InetSocketAddress at = cluster.leaderAddress(group);
            io.wfs.common.rpc.client.RpcClient raw = cluster.rpcClient();
            LookupRequest lookup = new LookupRequest(client.query(0, 0), 1, n("d"));
            raw.call(at, lookup).get(30, TimeUnit.SECONDS);
            for (int i = 0; i < 3; i++) {
                if (i != leader) {
                    ((InProcessMetaNode) cluster.meta(i)).kill();
                }
            }
            String[] refusal = {null};
            Await.until(Duration.ofSeconds(30), () -> {
                try {
                    raw.call(at, lookup).get(30, TimeUnit.SECONDS);
                    return false;
                } catch (java.util.concurrent.ExecutionException e) {
                    io.wfs.common.error.WfsException w = io.wfs.common.error.WfsException.unwrap(e);
                    refusal[0] = w.code() + " hint " + w.leaderHint();
                    assertEquals(io.wfs.common.error.WfsErrorCode.NOT_LEADER, w.code(), w.toString());
                    assertTrue(w.leaderHint() == null || !w.leaderHint().endsWith(":" + at.getPort()),
                            "the refusal names the refusing node as leader: " + w);
                    return true;
                }
            }, () -> "the leader without followers still answers reads");
            System.out.println("refused: " + refusal[0]);
        }
    }
}
