package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.StatFsRequest;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.testing.Await;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Metadata over the network: 3 in-process meta servers, one Raft group, real sockets. */
class MetaClusterIT {
    private static final long ROOT = 1;
    private MiniCluster cluster;
    private MetaClient client;

    @BeforeEach
    void start() throws Exception {
        cluster = MiniCluster.builder().metaNodes(3).groups(1).start();
        client = cluster.metaClient();
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private static byte[] n(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private InetSocketAddress clientAddressOf(int node) {
        String a = cluster.slotMap().groups().get(0).peers().get(node).clientAddress();
        return new InetSocketAddress("127.0.0.1", Integer.parseInt(a.substring(a.lastIndexOf(':') + 1)));
    }

    @Test
    void namespaceOperationsWorkThroughTheLeaderFromAnyStartingReplica() throws Exception {
        InodeAttr dir = client.call(new MkdirRequest(client.mutation(0, 0), ROOT, n("data"), 0755)).get(30, TimeUnit.SECONDS).attr();
        for (int i = 0; i < 100; i++) {
            client.call(new MknodRequest(client.mutation(0, 0), dir.ino(), n("f" + i), Posix.S_IFREG | 0644, 0)).get(30, TimeUnit.SECONDS);
        }
        Set<String> names = new HashSet<>();
        long cookie = 0;
        while (true) {
            var page = client.call(new ReaddirRequest(client.query(0, 0), dir.ino(), cookie, 32, true)).get(30, TimeUnit.SECONDS);
            page.entries().forEach(e -> names.add(new String(e.name(), StandardCharsets.UTF_8)));
            if (page.eof()) {
                break;
            }
            cookie = page.nextCookie();
        }
        assertEquals(100, names.size());
        assertEquals(101, client.call(new StatFsRequest(client.query(0, 0), 0)).get(30, TimeUnit.SECONDS).usedInodes() - 1);
        assertEquals(0, client.inFlight());
    }

    @Test
    void storesDrainTheDeletionQueueAndAcknowledgedBlocksLeaveIt() throws Exception {
        long f = client.call(new MknodRequest(client.mutation(0, 0), ROOT, n("doomed"), Posix.S_IFREG | 0644, 0)).get(30, TimeUnit.SECONDS)
                .attr().ino();
        client.call(new io.wfs.common.msg.meta.CommitSlicesRequest(client.mutation(0, 0), f, java.util.List.of(
                new io.wfs.common.msg.meta.SliceInfo(0, 4096, 1, 901, 0),
                new io.wfs.common.msg.meta.SliceInfo(4096, 4096, 1, 902, 0)), 8192)).get(30, TimeUnit.SECONDS);
        client.call(new io.wfs.common.msg.meta.UnlinkRequest(client.mutation(0, 0), ROOT, n("doomed"))).get(30, TimeUnit.SECONDS);
        // The unlinked file is an orphan until the leader releases it (every 200 ms): then its blocks queue.
        long[] pending = io.wfs.common.testing.Await.value(java.time.Duration.ofSeconds(30), () -> {
            long[] queued = client.call(new io.wfs.common.msg.meta.PendingDeletionsRequest(client.query(0, 0), 0, 100))
                    .get(30, TimeUnit.SECONDS).blockIds();
            return queued.length == 2 ? queued : null;
        }, "both blocks of the unlinked file queued for deletion");
        java.util.Arrays.sort(pending);
        org.junit.jupiter.api.Assertions.assertArrayEquals(new long[] {901, 902}, pending);
        client.call(new io.wfs.common.msg.meta.AckDeletionsRequest(client.mutation(0, 0), 0, new long[] {901}))
                .get(30, TimeUnit.SECONDS);
        org.junit.jupiter.api.Assertions.assertArrayEquals(new long[] {902},
                client.call(new io.wfs.common.msg.meta.PendingDeletionsRequest(client.query(0, 0), 0, 100))
                        .get(30, TimeUnit.SECONDS).blockIds());
    }

    @Test
    void theDeletionQueueIsServedByTheLeaderOnly() throws Exception {
        int follower = (cluster.leaderOf("g0") + 1) % 3;
        RpcClient rpc = cluster.rpcClient();
        ExecutionException e = assertThrows(ExecutionException.class, () -> rpc.call(clientAddressOf(follower),
                new io.wfs.common.msg.meta.PendingDeletionsRequest(MetaHeader.root(), 0, 10)).get(10, TimeUnit.SECONDS));
        assertEquals(WfsErrorCode.NOT_LEADER, WfsException.unwrap(e).code());
        ExecutionException bad = assertThrows(ExecutionException.class, () -> rpc.call(clientAddressOf(follower),
                new io.wfs.common.msg.meta.AckDeletionsRequest(MetaHeader.root(), 0, new long[0])).get(10, TimeUnit.SECONDS));
        assertEquals(WfsErrorCode.BAD_REQUEST, WfsException.unwrap(bad).code());
    }

    @Test
    void aFollowerAnswersNotLeaderWithTheLeadersClientAddress() throws Exception {
        int leader = cluster.leaderOf("g0");
        int follower = (leader + 1) % 3;
        RpcClient rpc = cluster.rpcClient();
        ExecutionException e = assertThrows(ExecutionException.class, () -> rpc.call(clientAddressOf(follower),
                new LookupRequest(MetaHeader.root(), ROOT, n("x"))).get(10, TimeUnit.SECONDS));
        WfsException w = WfsException.unwrap(e);
        assertEquals(WfsErrorCode.NOT_LEADER, w.code());
        assertEquals(cluster.slotMap().groups().get(0).peers().get(leader).clientAddress(), w.leaderHint());
    }

    @Test
    void aRequestBuiltOnAnOlderRouteIsRefusedAsStale() throws Exception {
        int leader = cluster.leaderOf("g0");
        RpcClient rpc = cluster.rpcClient();
        // The servers hold version 1. Version 0 means "no route yet" and is served.
        AttrReply ok = rpc.call(clientAddressOf(leader), new io.wfs.common.msg.meta.GetAttrRequest(MetaHeader.root(), ROOT))
                .get(10, TimeUnit.SECONDS);
        assertEquals(ROOT, ok.attr().ino());
        cluster.publishSlotMap(new SlotMap(7, cluster.slotMap().groups()));
        ExecutionException e = assertThrows(ExecutionException.class, () -> rpc.call(clientAddressOf(leader),
                new io.wfs.common.msg.meta.GetAttrRequest(MetaHeader.root().withRouteVersion(1), ROOT)).get(10, TimeUnit.SECONDS));
        WfsException w = WfsException.unwrap(e);
        assertEquals(WfsErrorCode.STALE_ROUTE, w.code());
        assertEquals(7, w.routeVersion(), "the answer carries the current version");
    }

    @Test
    void aMkdirRetriedAfterALeaderChangeAnswersSuccessNotEexist() throws Exception {
        MkdirRequest request = new MkdirRequest(client.mutation(0, 0), ROOT, n("once"), 0755);
        InodeAttr first = client.call(request).get(30, TimeUnit.SECONDS).attr();
        int oldLeader = cluster.leaderOf("g0");
        cluster.meta(oldLeader).kill();
        // The same request (same session and sequence), as a client resends it when the reply was lost.
        Await.until(Duration.ofSeconds(30), () -> cluster.leaderOf("g0") >= 0, "a new leader of g0");
        InodeAttr retried = client.call(request).get(30, TimeUnit.SECONDS).attr();
        assertEquals(first.ino(), retried.ino());
        MkdirRequest fresh = new MkdirRequest(client.mutation(0, 0), ROOT, n("once"), 0755);
        ExecutionException e = assertThrows(ExecutionException.class, () -> client.call(fresh).get(30, TimeUnit.SECONDS));
        assertEquals(WfsErrorCode.EEXIST, WfsException.unwrap(e).code(), "a new request is executed, and fails");
    }
}
