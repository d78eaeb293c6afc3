package io.wfs.common.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wfs.common.msg.control.EchoRequest;
import io.wfs.common.msg.control.EchoResponse;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.testing.TestRpc;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class MetricsHttpServerTest {
    /** One sample line of the Prometheus text format 0.0.4: name, optional labels, value. */
    private static final Pattern SAMPLE = Pattern.compile(
            "^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[a-zA-Z_][a-zA-Z0-9_]*=\"[^\"]*\"(,[a-zA-Z_][a-zA-Z0-9_]*=\"[^\"]*\")*,?\\})?"
                    + " (-?[0-9.eE+-]+|NaN|\\+Inf|-Inf)$");
    private static final Pattern META = Pattern.compile("^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*$");

    private static Map<String, Double> parsePrometheus(String text) {
        Map<String, Double> samples = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                assertTrue(META.matcher(line).matches(), "bad comment line: " + line);
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            assertTrue(m.matches(), "bad sample line: " + line);
            // The format allows a trailing comma in a label set; normalise it away for lookups.
            String labels = m.group(2) == null ? "" : m.group(2).replace(",}", "}");
            samples.put(m.group(1) + labels, Double.parseDouble(m.group(4)));
        }
        return samples;
    }

    @Test
    void metricsAreServedAsPrometheusTextAndStatusAsJson() throws Exception {
        MetricRegistry registry = JvmMetrics.register(new MetricRegistry());
        HandlerRegistry handlers = new HandlerRegistry()
                .register(EchoRequest.class, (req, ctx) -> CompletableFuture.completedFuture(new EchoResponse(req.payload())));
        try (RpcServer rpc = TestRpc.startServer(TestRpc.fastConfig(), handlers, registry);
             RpcClient client = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET);
             MetricsHttpServer http = new MetricsHttpServer("test", registry,
                     List.of(() -> Map.of("rpcPort", rpc.address().getPort()))).start("127.0.0.1", 0)) {
            for (int i = 0; i < 25; i++) {
                client.call(rpc.address(), new EchoRequest(new byte[100])).get(10, TimeUnit.SECONDS);
            }
            HttpClient web = HttpClient.newHttpClient();
            HttpResponse<String> metrics = web.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + http.port() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, metrics.statusCode());
            assertTrue(metrics.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
            Map<String, Double> samples = parsePrometheus(metrics.body());
            assertEquals(25.0, samples.get("rpc_server_echo_latency_count"));
            assertTrue(samples.get("rpc_server_echo_latency{quantile=\"0.99\"}") > 0);
            assertTrue(samples.get("rpc_server_echo_bytes_in") >= 25 * 100);
            assertEquals(0.0, samples.get("rpc_server_closed_oversize"));
            assertTrue(samples.get("jvm_memory_heap_used") > 0);

            HttpResponse<String> status = web.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + http.port() + "/status")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, status.statusCode());
            JsonNode json = new ObjectMapper().readTree(status.body());
            assertEquals("test", json.get("role").asText());
            assertEquals(ProcessHandle.current().pid(), json.get("pid").asLong());
            assertTrue(json.get("heapUsedBytes").asLong() > 0);
            assertEquals(rpc.address().getPort(), json.get("rpcPort").asInt());

            HttpResponse<String> post = web.send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + http.port() + "/status"))
                    .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(405, post.statusCode());
        }
    }
}
