package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.manager.ClusterStatusRequest;
import io.wfs.common.msg.store.BlockWrittenReply;
import io.wfs.common.msg.store.ReadBlockReply;
import io.wfs.common.msg.store.ReadBlockRequest;
import io.wfs.common.msg.store.WriteBlockRequest;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.VolumeState;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.Await;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.server.StoreServer;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A volume the manager has just opened takes writes before its stores' next heartbeat. With a
 * heartbeat of ten seconds the stores hear of the replacement volume long after a client can:
 * the primary and the backups catch up with the manager's route when the write names a volume
 * they do not hold yet, instead of refusing it and retiring the brand-new volume (which, after a
 * store died, left writers without any writable volume).
 */
class NewVolumeWriteIT {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void aWriteToAJustOpenedVolumeSucceedsBeforeItsStoresHeartbeat() throws Exception {
        // The cluster closes its stores before its managers, so no store spends its last seconds looking for them.
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(0).managers(1)
                .managerSetting("manager.heartbeat-interval", "10s").managerSetting("manager.node-timeout", "120s")
                .managerSetting("manager.check-interval", "200ms")
                .stores(3).storeSetting(StoreConfigKeys.GC_ENABLED.name(), "false").start()) {
            writeBeforeHeartbeat(cluster.managers(), cluster.storeServers());
        }
    }

    private static void writeBeforeHeartbeat(ManagerCluster managers, List<StoreServer> stores) throws Exception {
        ManagerClient manager = managers.managerClient();
        Await.until(WAIT, () -> {
            RouteModel m = model(manager);
            return m.stores().size() == 3 && ManagerTopology.everyUpStoreWrites(m);
        }, "three stores registered, each with a writable volume");
        StoreServer writer = stores.get(0);
        int writerId = writer.managerAgent().nodeId();
        Await.until(WAIT, () -> writer.volumes().activeVolume().isPresent(), "the writer store has an active volume");
        int retired = writer.volumes().activeVolume().getAsInt();
        // As after a failed replica write: the store reports, the manager opens a replacement at once.
        writer.volumes().markReadOnly(writer.volumes().require(retired), "test: retire the writable volume");
        Await.until(WAIT, () -> {
            RouteChange.Volume w = model(manager).writableVolumeOf(writerId);
            return w != null && w.id() != retired;
        }, "the manager opened a writable volume replacing " + retired);
        RouteChange.Volume fresh = model(manager).writableVolumeOf(writerId);
        for (StoreServer s : stores) {
            assertNull(s.volumes().get(fresh.id()), "a store created volume " + fresh.id()
                    + " before its next heartbeat: the test no longer shows the race");
        }

        RpcClient client = managers.rpcClient();
        byte[] data = new byte[10_000];
        new java.util.Random(5).nextBytes(data);
        BlockWrittenReply written = client.call(address(writer), new WriteBlockRequest(fresh.id(), 77, data))
                .get(30, TimeUnit.SECONDS);
        assertEquals(data.length, written.length());
        for (StoreServer s : stores) {
            assertTrue(s.volumes().require(fresh.id()).isWritable(), "volume " + fresh.id() + " on " + s.selfAddress());
            ReadBlockReply back = client.call(address(s), new ReadBlockRequest(fresh.id(), 77, 0, data.length, false))
                    .get(30, TimeUnit.SECONDS);
            assertArrayEquals(data, back.data(), "the block on " + s.selfAddress());
        }
        assertEquals(VolumeState.WRITABLE, model(manager).volume(fresh.id()).state());
        assertNotEquals(retired, fresh.id());
    }

    private static RouteModel model(ManagerClient manager) {
        return ManagerTopology.model(manager.call(new ClusterStatusRequest()));
    }

    private static InetSocketAddress address(StoreServer s) {
        return new InetSocketAddress("127.0.0.1", s.rpcAddress().getPort());
    }
}
