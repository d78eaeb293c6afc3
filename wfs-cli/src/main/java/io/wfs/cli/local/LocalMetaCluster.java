package io.wfs.cli.local;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.route.SlotMap;
import io.wfs.meta.server.MetaConfigKeys;
import io.wfs.meta.server.MetaServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Three meta servers replicating one group, in this JVM, on loopback ports, with their data
 * under one folder. One JVM rather than three processes: on a 2-core machine one heap and one
 * JIT cost far less memory and CPU, and a local cluster gains nothing from process isolation.
 */
public final class LocalMetaCluster implements AutoCloseable {
    private final List<MetaServer> servers = new ArrayList<>();
    private final SlotMap slotMap;
    private final ClusterSecret secret;

    public LocalMetaCluster(Path dataDir, WfsConfig base, int replicas) throws IOException, InterruptedException {
        this.secret = ClusterSecret.generate(dataDir.resolve("secret"));
        List<SlotMap.Peer> peers = new ArrayList<>();
        for (int i = 0; i < replicas; i++) {
            peers.add(new SlotMap.Peer("127.0.0.1:" + freePort(), "127.0.0.1:" + freePort()));
        }
        this.slotMap = SlotMap.singleGroup("g0", peers);
        for (int i = 0; i < replicas; i++) {
            WfsConfig c = base.with(MetaConfigKeys.RAFT_ADDRESS, peers.get(i).raftAddress())
                    .with(MetaConfigKeys.RPC_ADDRESS, peers.get(i).clientAddress())
                    .with(MetaConfigKeys.DATA_DIR, dataDir.resolve("meta" + i).toString())
                    .with(CommonConfigKeys.HTTP_PORT, -1);
            servers.add(new MetaServer(c, secret, slotMap, new MetricRegistry()).start());
        }
    }

    public SlotMap slotMap() {
        return slotMap;
    }

    public ClusterSecret secret() {
        return secret;
    }

    public List<MetaServer> servers() {
        return servers;
    }

    /** Index of the server leading g0 that has applied the root, waiting up to {@code millis}; -1 if none. */
    public int awaitLeader(long millis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < deadline) {
            for (int i = 0; i < servers.size(); i++) {
                MetaServer s = servers.get(i);
                if (s != null && s.replica("g0").raft().isLeader() && s.replica("g0").machine().hasRoot()) {
                    return i;
                }
            }
            Thread.sleep(20);
        }
        return -1;
    }

    /** Stops one server (as a crash of that node would, minus the disk state). */
    public void stop(int i) {
        servers.get(i).close();
        servers.set(i, null);
    }

    private static int freePort() throws IOException {
        return io.wfs.common.rpc.FreePorts.pick();
    }

    @Override
    public void close() {
        for (MetaServer s : servers) {
            if (s != null) {
                s.close();
            }
        }
    }
}
