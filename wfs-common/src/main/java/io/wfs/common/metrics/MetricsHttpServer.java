package io.wfs.common.metrics;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.prometheus.client.CollectorRegistry;
import io.prometheus.client.dropwizard.DropwizardExports;
import io.prometheus.client.exporter.common.TextFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a process's injected {@link MetricRegistry} as Prometheus text on {@code /metrics}
 * (dropwizard names with dots turned into underscores) and a JSON document on {@code /status}:
 * process facts plus what each {@link StatusSource} adds.
 */
public final class MetricsHttpServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MetricsHttpServer.class);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final String role;
    private final CollectorRegistry collectors = new CollectorRegistry();
    private final List<StatusSource> statusSources;
    private final long startMillis = System.currentTimeMillis();
    private HttpServer server;
    private ExecutorService executor;

    public MetricsHttpServer(String role, MetricRegistry registry, List<StatusSource> statusSources) {
        this.role = role;
        this.collectors.register(new DropwizardExports(registry));
        this.statusSources = List.copyOf(statusSources);
    }

    public MetricsHttpServer start(String bind, int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress(bind, port), 64);
        executor = Executors.newFixedThreadPool(2, new DefaultThreadFactory("http-" + role, true));
        server.setExecutor(executor);
        server.createContext("/metrics", ex -> respond(ex, TextFormat.CONTENT_TYPE_004, this::metricsText));
        server.createContext("/status", ex -> respond(ex, "application/json", this::statusJson));
        server.start();
        return this;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private String metricsText() throws IOException {
        StringWriter w = new StringWriter();
        TextFormat.write004(w, collectors.metricFamilySamples());
        return w.toString();
    }

    private String statusJson() throws IOException {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("role", role);
        doc.put("version", WfsVersion.get());
        doc.put("pid", ProcessHandle.current().pid());
        doc.put("uptimeMillis", System.currentTimeMillis() - startMillis);
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        doc.put("heapUsedBytes", heap.getUsed());
        doc.put("heapMaxBytes", heap.getMax());
        doc.put("threads", Thread.activeCount());
        for (StatusSource s : statusSources) {
            doc.putAll(s.status());
        }
        return JSON.writeValueAsString(doc);
    }

    private interface Body {
        String get() throws IOException;
    }

    private static void respond(HttpExchange ex, String contentType, Body body) throws IOException {
        try (ex) {
            if (!"GET".equals(ex.getRequestMethod()) && !"HEAD".equals(ex.getRequestMethod())) {
                ex.sendResponseHeaders(405, -1);
                return;
            }
            byte[] bytes;
            int code = 200;
            try {
                bytes = body.get().getBytes(StandardCharsets.UTF_8);
            } catch (IOException | RuntimeException e) {
                LOG.error("{} failed", ex.getRequestURI(), e);
                bytes = ("error: " + e).getBytes(StandardCharsets.UTF_8);
                code = 500;
                contentType = "text/plain";
            }
            ex.getResponseHeaders().set("Content-Type", contentType);
            ex.sendResponseHeaders(code, bytes.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.stop(0);
            executor.shutdownNow();
        }
    }
}
