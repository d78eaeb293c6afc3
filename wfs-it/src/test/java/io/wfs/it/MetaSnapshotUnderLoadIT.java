package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.meta.server.MetaGroupReplica;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Snapshots are written while the group applies (copy-on-write, MetaStateMachine.captureSnapshot):
 * three in-process meta servers take snapshots in the middle of a stream of creates, a follower
 * restarts from its snapshot and log, and afterwards every replica has the same digest and every
 * acknowledged create is there.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MetaSnapshotUnderLoadIT {
    private static final long ROOT = 1;

    @Test
    void snapshotsTakenUnderCreatesRestoreAReplicaThatAgreesWithTheOthers() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(3).groups(1).start()) {
            MetaClient client = cluster.metaClient();
            String group = cluster.slotMap().groups().get(0).id();
            long dir = client.call(new MkdirRequest(client.mutation(0, 0), ROOT, n("load"), 0755)).get(30, TimeUnit.SECONDS)
                    .attr().ino();
            AtomicBoolean stop = new AtomicBoolean();
            ConcurrentLinkedQueue<String> acknowledged = new ConcurrentLinkedQueue<>();
            CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                for (int i = 0; !stop.get(); i++) {
                    String name = "f" + i;
                    client.call(new MknodRequest(client.mutation(0, 0), dir, n(name), Posix.S_IFREG | 0644, 0)).join();
                    acknowledged.add(name);
                }
            });
            for (int round = 0; round < 2; round++) {
                int before = acknowledged.size();
                io.wfs.common.testing.Await.until(Duration.ofSeconds(30), () -> acknowledged.size() > before + 200,
                        "creates go on");
                for (MetaNode node : cluster.metaNodes()) {
                    replica(node, group).raft().snapshot();
                }
            }
            int follower = followerIndex(cluster, group);
            cluster.metaNodes().get(follower).kill();
            int atKill = acknowledged.size();
            io.wfs.common.testing.Await.until(Duration.ofSeconds(30), () -> acknowledged.size() > atKill + 200,
                    "creates go on with a replica down");
            cluster.metaNodes().get(follower).start();
            io.wfs.common.testing.Await.until(Duration.ofSeconds(30), () -> acknowledged.size() > atKill + 400,
                    "creates go on after the restart");
            stop.set(true);
            writer.get(30, TimeUnit.SECONDS);

            List<String> digests = cluster.convergedDigests(group, Duration.ofSeconds(60));
            assertEquals(3, digests.size());
            assertEquals(1, new HashSet<>(digests).size(), "replicas agree: " + digests);
            Set<String> names = new HashSet<>(acknowledged);
            for (String name : names) {
                assertTrue(client.call(new LookupRequest(client.query(0, 0), dir, n(name))).get(30, TimeUnit.SECONDS)
                        .attr().ino() != 0, name);
            }
        }
    }

    private static MetaGroupReplica replica(MetaNode node, String group) {
        return ((InProcessMetaNode) node).server().replica(group);
    }

    private static int followerIndex(MiniCluster cluster, String group) throws Exception {
        int leader = cluster.leaderOf(group);
        return (leader + 1) % cluster.metaCount();
    }

    private static byte[] n(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
