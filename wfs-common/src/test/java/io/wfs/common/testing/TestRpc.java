package io.wfs.common.testing;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.ClusterSecret;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import java.net.InetSocketAddress;
import java.time.Duration;

/** Shared helpers for tests that start real RPC servers on loopback (ephemeral ports). */
public final class TestRpc {
    public static final ClusterSecret SECRET = ClusterSecret.of("test-cluster-secret-0123456789");

    private TestRpc() {
    }

    /** Defaults with short protocol timeouts so failure tests finish quickly. */
    public static WfsConfig fastConfig() {
        return WfsConfig.defaults()
                .with(CommonConfigKeys.HANDSHAKE_TIMEOUT, Duration.ofMillis(500))
                .with(CommonConfigKeys.PARTIAL_FRAME_TIMEOUT, Duration.ofMillis(500))
                .with(CommonConfigKeys.CALL_TIMEOUT, Duration.ofSeconds(5))
                .with(CommonConfigKeys.IO_THREADS, 2)
                .with(CommonConfigKeys.WORKER_THREADS, 8);
    }

    public static RpcServer startServer(WfsConfig config, HandlerRegistry handlers, MetricRegistry registry)
            throws InterruptedException {
        return new RpcServer("test-server", RpcOptions.from(config), SECRET, handlers, registry)
                .start(new InetSocketAddress("127.0.0.1", 0));
    }

    public static RpcClient client(WfsConfig config, io.wfs.common.rpc.auth.Credential secret) {
        return new RpcClient("test-client", RpcOptions.from(config), secret, new MetricRegistry());
    }
}
