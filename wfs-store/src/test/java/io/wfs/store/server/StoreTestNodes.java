package io.wfs.store.server;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.TestRpc;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.node.VolumeStateListener;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Real store servers on loopback ephemeral ports, each with its own data folder and registry. */
final class StoreTestNodes implements AutoCloseable {
    final List<StoreServer> servers = new ArrayList<>();
    final List<MetricRegistry> registries = new ArrayList<>();
    final List<String> readOnlyReports = new CopyOnWriteArrayList<>();
    final RpcClient client = TestRpc.client(TestRpc.fastConfig().with(CommonConfigKeys.CALL_TIMEOUT, Duration.ofSeconds(20)),
            TestRpc.SECRET);
    private final Path root;

    StoreTestNodes(Path root) {
        this.root = root;
    }

    static WfsConfig config(Path dataDir) {
        return TestRpc.fastConfig()
                .with(StoreConfigKeys.DATA_DIRS, dataDir.toString())
                .with(StoreConfigKeys.EXTENT_SIZE, 4L << 20)
                .with(StoreConfigKeys.FSYNC, "group")
                .with(StoreConfigKeys.GC_ENABLED, false)
                .with(CommonConfigKeys.HTTP_PORT, -1);
    }

    StoreServer start(int i) throws Exception {
        return start(i, config(root.resolve("store-" + i)));
    }

    StoreServer start(int i, WfsConfig config) throws Exception {
        MetricRegistry registry = new MetricRegistry();
        VolumeStateListener listener = (volume, reason) -> readOnlyReports.add("store-" + i + ": volume " + volume);
        StoreServer s = new StoreServer(config, TestRpc.SECRET, registry, listener).start();
        while (servers.size() <= i) {
            servers.add(null);
            registries.add(null);
        }
        servers.set(i, s);
        registries.set(i, registry);
        return s;
    }

    StoreTestNodes startAll(int n) throws Exception {
        for (int i = 0; i < n; i++) {
            start(i);
        }
        return this;
    }

    String address(int i) {
        return servers.get(i).selfAddress();
    }

    void stop(int i) {
        StoreServer s = servers.get(i);
        if (s != null) {
            s.close();
            servers.set(i, null);
        }
    }

    @Override
    public void close() {
        client.close();
        for (int i = 0; i < servers.size(); i++) {
            stop(i);
        }
    }
}
