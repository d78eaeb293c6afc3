package io.wfs.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wfs.common.testing.Await;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One real {@code bin/wfs <daemon>} process of the packaged distribution: started with a config
 * file on its {@link NodeHost}, output appended to a log file, ready once it prints "wfs <daemon>
 * ready", stopped by its pid (SIGTERM, or SIGKILL for {@link #kill()}); {@link #pause()} and
 * {@link #resume()} send SIGSTOP and SIGCONT.
 */
final class WfsProcess {
    private static final jnr.posix.POSIX POSIX = jnr.posix.POSIXFactory.getNativePOSIX();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final String daemon;
    private final NodeHost host;
    private final List<String> args;
    private final Path log;
    private Process process;
    private volatile boolean paused;

    WfsProcess(String daemon, Path configFile, Path log) {
        this(daemon, NodeHost.LOOPBACK, configFile, List.of(), log);
    }

    /** {@code bin/wfs <daemon> --config <configFile> <extraArgs…>} on {@code host}. */
    WfsProcess(String daemon, NodeHost host, Path configFile, List<String> extraArgs, Path log) {
        this.daemon = daemon;
        this.host = host;
        List<String> a = new ArrayList<>(List.of(daemon, "--config", configFile.toString()));
        a.addAll(extraArgs);
        this.args = List.copyOf(a);
        this.log = log;
    }

    static Path launcher() {
        Path bin = Path.of(System.getProperty("wfs.dist.dir", "../wfs-cli/target/wfs"), "bin", "wfs");
        if (!Files.isExecutable(bin)) {
            throw new IllegalStateException(bin + " is missing: build the distribution first (mvn package)");
        }
        return bin;
    }

    void start() throws Exception {
        List<String> command = new ArrayList<>(host.launchPrefix());
        command.add(launcher().toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().put("WFS_HEAP", "256m");
        // RocksDB unpacks a 13 MB native library into the temp dir; a killed JVM cannot delete it,
        // so keep it inside the cluster folder, which the cluster deletes.
        Path tmp = log.resolveSibling("tmp");
        Files.createDirectories(tmp);
        // C1 only: a test's daemons live for seconds to minutes, and up to eleven of them start on
        // two cores at once (ChaosIT), where C2's compiler threads cost more CPU than its code saves.
        pb.environment().put("WFS_JVM_OPTS", "-Djava.io.tmpdir=" + tmp + " -XX:TieredStopAtLevel=1");
        // The log is appended across restarts: only a ready line after this point counts.
        long logStart = Files.exists(log) ? Files.size(log) : 0;
        process = pb.start();
        String ready = "wfs " + daemon + " ready";
        Process started = process;
        // Also done when the process exits, so that its exit is reported at once.
        Await.until(Duration.ofSeconds(60), () -> !started.isAlive() || readySince(logStart, ready),
                () -> "wfs " + daemon + " ready; log: " + logText());
        if (!started.isAlive()) {
            throw new IllegalStateException("wfs " + daemon + " exited with " + started.exitValue() + "; log: "
                    + Files.readString(log));
        }
    }

    private boolean readySince(long logStart, String ready) throws IOException {
        String text = Files.readString(log);
        return text.length() > logStart && text.substring((int) logStart).contains(ready);
    }

    private String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "unreadable (" + e + ")";
        }
    }

    /** SIGKILL: no shutdown hook runs, nothing is flushed. */
    void kill() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
            process = null;
        }
    }

    /** SIGSTOP: the process keeps its sockets and state but answers nothing until {@link #resume()}. */
    void pause() throws IOException {
        signal("STOP");
        paused = true;
    }

    /** SIGCONT. */
    void resume() throws IOException {
        signal("CONT");
        paused = false;
    }

    private void signal(String name) throws IOException {
        if (process == null) {
            return;
        }
        // kill(2) from this JVM, not a spawned kill(1): a spawned child closes the descriptors it
        // inherits, and each close of a file on a FUSE mount waits for that mount's daemon, which
        // blocks for good when the daemon is the process just stopped. The launcher execs java,
        // so the pid is the JVM's.
        int rc = POSIX.kill((int) process.pid(), jnr.constants.platform.Signal.valueOf("SIG" + name).intValue());
        if (rc != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed: errno " + POSIX.errno());
        }
    }

    boolean isRunning() {
        return process != null && process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    Path log() {
        return log;
    }

    /** SIGTERM, then SIGKILL if it has not stopped within 20 s. */
    void stop() throws InterruptedException {
        if (process != null) {
            if (paused) {
                try {
                    resume();
                } catch (IOException e) {
                    // SIGKILL below ends a stopped process too
                }
            }
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(20, TimeUnit.SECONDS);
            }
            process = null;
        }
    }

    /** The /status document of a daemon's HTTP endpoint on loopback. */
    static Map<String, Object> httpStatus(int httpPort) throws Exception {
        return httpStatus(NodeHost.LOOPBACK, httpPort);
    }

    /** The /status document of a daemon's HTTP endpoint on {@code host}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> httpStatus(NodeHost host, int httpPort) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://" + host.at(httpPort) + "/status"))
                .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
        return new ObjectMapper().readValue(r.body(), Map.class);
    }

    /**
     * Runs {@code bin/wfs status} against {@code managerList} (text, or only the --json document)
     * with its output in a temp file under {@code dir}; fails the test unless it exits 0 in time.
     */
    static String runStatus(String managerList, Path secretFile, Path dir, boolean json) throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(launcher().toString(), "status",
                "--manager", managerList, "--set", "cluster.secret-file=" + secretFile));
        if (json) {
            cmd.add("--json");
        }
        Path out = Files.createTempFile(dir, "status", ".txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("wfs status did not finish");
        }
        String text = Files.readString(out);
        org.junit.jupiter.api.Assertions.assertEquals(0, p.exitValue(), text);
        return json ? text.substring(text.indexOf('{')) : text;
    }
}
