package io.wfs.cli.mount;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.ClientConfigKeys;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.metrics.MetricsHttpServer;
import java.io.IOException;
import java.util.List;

/**
 * The HTTP endpoint of a mount's registry (its RPC client, FUSE, cache and JVM metrics;
 * docs/metrics.md), the same {@code /metrics} and {@code /status} the servers serve. A mount is
 * where a user's latency is felt: without it, a request's time in FUSE and in the client could
 * only be guessed from the servers' side.
 */
public final class MountMetrics {
    private MountMetrics() {
    }

    /** Serves {@code registry} on {@code client.metrics-port} (null when that is -1, the default). */
    public static MetricsHttpServer serve(WfsConfig config, MetricRegistry registry) throws IOException {
        int port = config.get(ClientConfigKeys.METRICS_PORT);
        return port < 0 ? null : serveOn(config.get(CommonConfigKeys.HTTP_BIND), port, registry);
    }

    public static MetricsHttpServer serveOn(String bind, int port, MetricRegistry registry) throws IOException {
        return new MetricsHttpServer("mount", registry, List.of()).start(bind, port);
    }

    /** The {@code /metrics} address of {@code http} bound to {@code bind}: a wildcard bind is reached on loopback. */
    public static String url(String bind, MetricsHttpServer http) {
        String host = bind.isBlank() || bind.equals("0.0.0.0") || bind.equals("::") ? "127.0.0.1" : bind;
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + http.port() + "/metrics";
    }
}
