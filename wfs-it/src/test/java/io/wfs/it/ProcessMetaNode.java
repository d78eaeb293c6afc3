package io.wfs.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code bin/wfs meta} process of the packaged distribution, so that a test can
 * {@code kill -9} it. Its output goes to a log file in the cluster folder; it is stopped by pid.
 */
final class ProcessMetaNode implements MetaNode {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final Path configFile;
    private final Path log;
    private final int httpPort;
    private Process process;

    ProcessMetaNode(Path configFile, Path log, int httpPort) {
        this.configFile = configFile;
        this.log = log;
        this.httpPort = httpPort;
    }

    static Path launcher() {
        Path bin = Path.of(System.getProperty("wfs.dist.dir", "../wfs-cli/target/wfs"), "bin", "wfs");
        if (!Files.isExecutable(bin)) {
            throw new IllegalStateException(bin + " is missing: build the distribution first (mvn package)");
        }
        return bin;
    }

    @Override
    public void start() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(launcher().toString(), "meta", "--config", configFile.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().put("WFS_HEAP", "256m");
        // RocksDB unpacks a 13 MB native library into the temp dir; a killed JVM cannot delete it,
        // so keep it inside the cluster folder, which the cluster deletes.
        Path tmp = log.resolveSibling("tmp");
        Files.createDirectories(tmp);
        pb.environment().put("WFS_JVM_OPTS", "-Djava.io.tmpdir=" + tmp);
        // The log is appended across restarts: only a ready line after this point counts.
        long logStart = Files.exists(log) ? Files.size(log) : 0;
        process = pb.start();
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("wfs meta exited with " + process.exitValue() + "; log: "
                        + Files.readString(log));
            }
            String text = Files.readString(log);
            if (text.length() > logStart && text.substring((int) logStart).contains("wfs meta ready")) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("wfs meta did not start within 60 s; log: " + Files.readString(log));
    }

    @Override
    public void kill() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
            process = null;
        }
    }

    @Override
    public boolean isRunning() {
        return process != null && process.isAlive();
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
        if (process != null) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(20, TimeUnit.SECONDS);
            }
            process = null;
        }
    }
}
