package io.wfs.csi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code wfs mount --subdir} process per staged volume, started detached from the node plugin:
 * {@code setsid} gives it a session of its own and its output goes to a file, so it is no child
 * that dies or blocks with the plugin (a SIGKILL of the plugin, an upgrade). Its pid is recorded in
 * {@link NodeState}; a restarted plugin finds the live mount by its mount point, and a dead one
 * (process gone, ENOTCONN) is cleaned up and started again.
 */
final class VolumeMountProcesses {
    private static final Logger LOG = LoggerFactory.getLogger(VolumeMountProcesses.class);
    /** MountCommand.EXIT_NO_SUCH_DIRECTORY (wfs-cli depends on this module, not the other way). */
    static final int EXIT_NO_SUCH_DIRECTORY = 4;
    private static final Pattern READY = Pattern.compile("wfs mount ready: .* pid=(\\d+)");

    /**
     * How a mount process is started: the launcher and the cluster it mounts; {@code secretFile}
     * (null when the node has none, as in Kubernetes) only for volumes without a scoped credential.
     */
    record Launch(Path launcher, String managers, Path secretFile, String heap, Duration readyTimeout) {
    }

    private final Launch launch;
    private final NodeState state;

    VolumeMountProcesses(Launch launch, NodeState state) {
        this.launch = launch;
        this.state = state;
    }

    /**
     * Makes {@code staging} a live mount of {@code subdir}: nothing when it is one, else (re)started
     * with the volume's scoped credential file (null: the node's cluster secret, if it has one).
     */
    void ensure(String id, String subdir, Path staging, Path credential) throws IOException {
        MountTable.State s = MountTable.state(staging);
        if (s == MountTable.State.LIVE) {
            MountTable.Entry e = MountTable.entry(staging);
            if (!e.type().equals("fuse.wfs")) {
                throw CsiStatus.failedPrecondition(staging + " is already a " + e.type() + " mount, not a WFS one");
            }
            return;
        }
        if (s == MountTable.State.DEAD) {
            LOG.warn("volume {}: the mount at {} is dead; re-establishing it", id, staging);
            HostCommands.unmount(staging);
        }
        stopProcess(id, staging);
        start(id, subdir, staging, credential);
    }

    private void start(String id, String subdir, Path staging, Path credential) throws IOException {
        if (credential == null && launch.secretFile() == null) {
            throw CsiStatus.failedPrecondition("volume " + id + " has no scoped credential in its volume context (made by a "
                    + "controller from before scoped credentials) and this node has no cluster secret to mount it with");
        }
        Files.createDirectories(staging);
        Path log = state.log(id);
        Files.createDirectories(log.getParent());
        long logStart = Files.exists(log) ? Files.size(log) : 0;
        List<String> cmd = new ArrayList<>(List.of("setsid", "-w", launch.launcher().toString(), "mount", "--subdir", subdir,
                "--manager", launch.managers()));
        // The staging path stays the last argument: isMountOf recognises the process by it.
        cmd.addAll(credential != null ? List.of("--credential", credential.toString())
                : List.of("--secret-file", launch.secretFile().toString()));
        cmd.add(staging.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("WFS_HEAP", launch.heap());
        Process p = pb.start();
        long deadline = System.nanoTime() + launch.readyTimeout().toNanos();
        while (System.nanoTime() < deadline) {
            Optional<Long> pid = readyPid(log, logStart);
            if (pid.isPresent() && MountTable.state(staging) == MountTable.State.LIVE) {
                state.pid(id, pid.get());
                LOG.info("volume {}: mounted {} at {} (pid {})", id, subdir, staging, pid.get());
                return;
            }
            if (!p.isAlive()) {
                if (p.exitValue() == EXIT_NO_SUCH_DIRECTORY) {
                    throw CsiStatus.notFound("no volume " + id + ": " + subdir + " does not exist in the cluster");
                }
                throw CsiStatus.internal("wfs mount of " + subdir + " exited with " + p.exitValue() + ": "
                        + tail(log, logStart), null);
            }
            sleep(100);
        }
        p.destroyForcibly();
        throw CsiStatus.internal("wfs mount of " + subdir + " not ready within " + launch.readyTimeout() + ": "
                + tail(log, logStart), null);
    }

    /**
     * Unmounts {@code staging} and ends the volume's mount process: it exits by itself once its
     * mount point is gone (wfs mount watches it); SIGTERM, then SIGKILL, if it does not.
     */
    void stop(String id, Path staging) throws IOException {
        HostCommands.unmount(staging);
        stopProcess(id, staging);
    }

    private void stopProcess(String id, Path staging) {
        long pid = state.pid(id);
        if (pid <= 0) {
            return;
        }
        ProcessHandle.of(pid).filter(h -> isMountOf(h, staging)).ifPresent(h -> {
            if (!waitExit(h, 15) && h.destroy() && !waitExit(h, 10)) {
                h.destroyForcibly();
                waitExit(h, 10);
            }
        });
    }

    /** The recorded pid is ours only if it still runs a mount of this staging path (pids are reused). */
    private static boolean isMountOf(ProcessHandle h, Path staging) {
        String cmd = h.info().commandLine().orElse("");
        return cmd.contains(" mount ") && cmd.endsWith(staging.toString());
    }

    private static boolean waitExit(ProcessHandle h, int seconds) {
        try {
            h.onExit().get(seconds, TimeUnit.SECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            return !h.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !h.isAlive();
        }
    }

    private static Optional<Long> readyPid(Path log, long from) throws IOException {
        String text = Files.readString(log);
        if (text.length() <= from) {
            return Optional.empty();
        }
        Matcher m = READY.matcher(text.substring((int) from));
        return m.find() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
    }

    private static String tail(Path log, long from) {
        try {
            String text = Files.readString(log).substring((int) Math.min(from, Files.size(log)));
            return text.length() > 2000 ? text.substring(text.length() - 2000) : text;
        } catch (IOException e) {
            return "(log unreadable: " + e + ")";
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CsiStatus.internal("interrupted while waiting for a mount", e);
        }
    }
}
