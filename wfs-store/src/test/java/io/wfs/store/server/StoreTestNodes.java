package io.wfs.store.server;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.store.CreateVolumeRequest;
import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.TestRpc;
import io.wfs.store.StoreConfigKeys;
import io.wfs.store.disk.BlockLocation;
import io.wfs.store.node.VolumeStateListener;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

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
                .with(StoreConfigKeys.SCRUB_ENABLED, false)
                .with(CommonConfigKeys.HTTP_PORT, -1);
    }

    /** The scrubber on, every 50 ms at 1 GiB/s: tests wait for its metrics. */
    static WfsConfig scrubbing(Path dataDir) {
        return config(dataDir).with(StoreConfigKeys.SCRUB_ENABLED, true)
                .with(StoreConfigKeys.SCRUB_INTERVAL, Duration.ofMillis(50))
                .with(StoreConfigKeys.SCRUB_BYTES_PER_SECOND, 1L << 30);
    }

    Path dataDir(int i) {
        return root.resolve("store-" + i);
    }

    /** Flips byte {@code offset} of the live copy of {@code blockId} in its extent file on node {@code i} (found through the index). */
    void flipByte(int i, int volume, long blockId, int offset) throws IOException {
        long loc = servers.get(i).volumes().require(volume).location(blockId);
        Path extent = dataDir(i).resolve("volume-" + volume)
                .resolve(String.format("extent-%08d.dat", BlockLocation.extent(loc)));
        try (RandomAccessFile f = new RandomAccessFile(extent.toFile(), "rw")) {
            long at = BlockLocation.offset(loc) + offset;
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0xFF);
        }
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

    /** {@code request} to node {@code i}; a failure as the WfsException the node answered. */
    <R extends Response> R call(int i, Request<R> request) throws Exception {
        return call(servers.get(i).rpcAddress(), request);
    }

    <R extends Response> R call(InetSocketAddress a, Request<R> request) throws Exception {
        try {
            return client.call(a, request).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw WfsException.unwrap(e);
        }
    }

    /** Volume {@code id}, writable, on the given nodes, the first one primary. */
    void createVolume(int id, int... replicaNodes) throws Exception {
        String[] replicas = new String[replicaNodes.length];
        for (int i = 0; i < replicas.length; i++) {
            replicas[i] = address(replicaNodes[i]);
        }
        for (int n : replicaNodes) {
            call(n, new CreateVolumeRequest(id, replicas, true));
        }
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
