package io.wfs.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A real {@code bin/wfs meta} process of the packaged distribution, so that a test can
 * {@code kill -9} it. Its output goes to a log file in the cluster folder; it is stopped by pid.
 */
final class ProcessMetaNode implements MetaNode {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final WfsProcess process;
    private final int httpPort;

    ProcessMetaNode(Path configFile, Path log, int httpPort) {
        this.process = new WfsProcess("meta", configFile, log);
        this.httpPort = httpPort;
    }

    @Override
    public void start() throws Exception {
        process.start();
    }

    @Override
    public void kill() throws InterruptedException {
        process.kill();
    }

    @Override
    public boolean isRunning() {
        return process.isRunning();
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Object> status() throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + httpPort + "/status"))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        return new ObjectMapper().readValue(r.body(), Map.class);
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        process.stop();
    }
}
