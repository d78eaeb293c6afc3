package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.manager.ClusterStatusRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.store.VolumeInfoRequest;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.MetaClient;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.Await;
import io.wfs.common.testing.fuzz.FrameFuzzer;
import io.wfs.common.testing.fuzz.FuzzStats;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.store.server.StoreServer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Bad input never takes a server down (issue 19): the frame fuzzer against a live manager, meta
 * server and store of one in-process cluster, 20 s each in CI ({@code -Dwfs.fuzz.seconds} for
 * longer, {@code -Dwfs.fuzz.seed} to replay). First a peer that never authenticates (garbage,
 * requests without a handshake, a wrong secret, huge frames): the server's state — the manager's
 * route version, the meta group's state digest, the store's volumes — is the same afterwards.
 * Then mutated frames of every message type after a valid handshake (hostile field values, flipped
 * bytes, cut bodies, 2 GiB lengths, wrong type ids): none may be answered INTERNAL. Afterwards
 * each server still answers a valid request of its own kind and an ECHO.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FrameFuzzIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Duration BUDGET = FrameFuzzer.budget(Duration.ofSeconds(20));

    private MiniCluster cluster;
    private RpcClient rpc;

    @BeforeAll
    void start() throws Exception {
        cluster = MiniCluster.builder().managers(1).managerSetting("manager.volume-replicas", "1")
                .metaNodes(1).stores(1).start();
        rpc = cluster.rpcClient();
        ManagerClient manager = cluster.managers().managerClient();
        Await.until(WAIT, () -> ManagerTopology.everyUpStoreWrites(
                ManagerTopology.model(manager.call(new ClusterStatusRequest()))), "the store registered with a writable volume");
    }

    @AfterAll
    void stop() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Timeout(600)
    void theManagerSurvivesBadFrames() throws Exception {
        ManagerClient manager = cluster.managers().managerClient();
        String address = cluster.managers().rpcAddresses().get(0);
        fuzz(address(address), () -> manager.call(new ClusterStatusRequest()).routeVersion());
        assertTrue(manager.call(new ClusterStatusRequest()).routeVersion() > 0);
    }

    @Test
    @Timeout(600)
    void theMetaServerSurvivesBadFrames() throws Exception {
        String group = cluster.slotMap().groups().get(0).id();
        MetaClient meta = cluster.metaClient();
        fuzz(cluster.leaderAddress(group), () -> cluster.convergedDigests(group, WAIT));
        assertEquals(InodeNumbers.ROOT, meta.call(new GetAttrRequest(meta.query(0, 0), InodeNumbers.ROOT))
                .get(30, TimeUnit.SECONDS).attr().ino(), "the meta server answers a getattr of the root");
    }

    @Test
    @Timeout(600)
    void theStoreSurvivesBadFrames() throws Exception {
        StoreServer store = cluster.storeServer(0);
        InetSocketAddress address = address("127.0.0.1:" + store.rpcAddress().getPort());
        // The manager may place a new volume on the store meanwhile (the earlier phases reported
        // volumes read-only): such a volume is named by the route. The state compared is the
        // volumes there before, and any volume the route does not name.
        java.util.Set<Integer> before = new java.util.HashSet<>();
        store.volumes().stats().forEach(v -> before.add(v.volume()));
        fuzz(address, () -> {
            java.util.Set<Integer> routed = new java.util.HashSet<>();
            store.managerAgent().routeCache().read(route -> {
                route.volumes().forEach(v -> routed.add(v.id()));
                return null;
            });
            return store.volumes().stats().stream().filter(v -> before.contains(v.volume()) || !routed.contains(v.volume()))
                    .toList().toString();
        });
        int volume = store.volumes().all().get(0).id();
        assertEquals(volume, rpc.call(address, new VolumeInfoRequest(volume)).get(30, TimeUnit.SECONDS).volume(),
                "the store answers a volume info request");
    }

    /** The unauthenticated phase with {@code state} compared before and after, the authenticated one, then an ECHO. */
    private void fuzz(InetSocketAddress server, Callable<Object> state) throws Exception {
        FrameFuzzer fuzzer = new FrameFuzzer(server, cluster.secret(), FrameFuzzer.SEED);
        Object before = state.call();
        FuzzStats unauthenticated = fuzzer.unauthenticated(BUDGET.dividedBy(4));
        assertEquals(0, unauthenticated.unauthenticatedServed(), fuzzer.replay());
        assertEquals(before, state.call(), "a peer that never authenticated changed the server's state; " + fuzzer.replay());

        FuzzStats stats = fuzzer.authenticated(BUDGET.minus(BUDGET.dividedBy(4)));
        System.out.println(getClass().getSimpleName() + ": " + fuzzer.replay());
        assertTrue(stats.answered() > 0 && stats.closedByServer() > 0, fuzzer.replay());
        assertTrue(stats.internalErrors().isEmpty(), "bad requests must be refused with a clear error, not answered "
                + "INTERNAL (an exception nobody expected); " + fuzzer.replay());
        byte[] payload = {7, 7, 7};
        assertArrayEquals(payload, rpc.call(server, new EchoRequest(payload)).get(30, TimeUnit.SECONDS).payload(),
                "the server still answers; " + fuzzer.replay());
    }

    private static InetSocketAddress address(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }
}
