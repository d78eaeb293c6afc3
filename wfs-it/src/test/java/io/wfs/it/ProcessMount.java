package io.wfs.it;

import io.wfs.client.ClientConfigKeys;
import io.wfs.common.config.CommonConfigKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A FUSE mount served by a real {@code bin/wfs mount} process, so that a test can kill -9 a
 * client (its session then expires on the meta leaders, which release its opens and locks) or
 * cut it off the network. {@link #kill()} leaves the kernel's mount behind as a dead endpoint,
 * so it also detaches it ({@code fusermount -u -z}); {@link #close()} stops the process with
 * SIGTERM, which unmounts.
 */
final class ProcessMount implements AutoCloseable {
    private final Path mountPoint;
    private final NodeHost host;
    private final WfsProcess process;

    ProcessMount(Path dir, String name, NodeHost host, Path secretFile, String managerList, Map<String, String> settings)
            throws IOException {
        this.mountPoint = dir.resolve(name);
        this.host = host;
        // Heartbeats well inside the meta nodes' 3 s re-announce window (NodeConfigFiles), as ClusterMounts.
        Map<String, String> keys = new java.util.HashMap<>(settings);
        keys.put(CommonConfigKeys.SECRET_FILE.name(), secretFile.toString());
        keys.put(ClientConfigKeys.MANAGERS.name(), managerList);
        keys.putIfAbsent(ClientConfigKeys.SESSION_HEARTBEAT.name(), "1s");
        Path config = NodeConfigFiles.write(dir.resolve(name + ".properties"), keys);
        this.process = new WfsProcess("mount", host, config, List.of(mountPoint.toString()), dir.resolve(name + ".log"));
    }

    void start() throws Exception {
        Files.createDirectories(mountPoint);
        process.start();
    }

    Path mountPoint() {
        return mountPoint;
    }

    NodeHost host() {
        return host;
    }

    WfsProcess process() {
        return process;
    }

    /** kill -9 of the client: nothing is flushed or closed; the dead mount is detached. */
    void kill() throws InterruptedException, IOException {
        process.kill();
        detach();
    }

    private void detach() throws InterruptedException, IOException {
        Process p = new ProcessBuilder("fusermount", "-u", "-z", mountPoint.toString()).redirectErrorStream(true).start();
        // Exits non-zero when nothing is mounted there any more, which is what we want too.
        p.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException, IOException {
        if (process.isRunning()) {
            process.stop();
        }
        detach();
    }
}
