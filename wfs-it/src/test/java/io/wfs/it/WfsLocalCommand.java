package io.wfs.it;

import io.wfs.fuse.WfsMount;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@code bin/wfs} launcher run as a user runs it, for the tests of {@code wfs local} itself:
 * a cluster in {@code <dir>/data} mounted at {@code <dir>/mnt}. {@link #close()} runs
 * {@code wfs local stop} and removes a mount left behind.
 */
final class WfsLocalCommand implements AutoCloseable {
    /** What a launcher run printed (stdout and stderr together) and its exit code. */
    record Result(int exit, String output) {
    }

    private final Path data;
    private final Path mountPoint;

    WfsLocalCommand(Path dir) {
        this.data = dir.resolve("data");
        this.mountPoint = dir.resolve("mnt");
    }

    /** Runs {@code bin/wfs args...} and waits for it (6 minutes at most). */
    static Result wfs(String... args) throws Exception {
        return wfsWith(java.util.Map.of(), args);
    }

    /** As {@link #wfs}, with {@code env} added to the environment (e.g. WFS_LOCAL_DIR). */
    static Result wfsWith(java.util.Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(WfsProcess.launcher().toString());
        cmd.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(cmd).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(6, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", args) + " did not finish");
        }
        return new Result(p.exitValue(), out);
    }

    /** {@code wfs local --dir <data> --mount <mnt> --background [options...]} (e.g. {@code --set key=value}). */
    Result start(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("local", "--dir", data.toString(), "--mount", mountPoint.toString(),
                "--background"));
        args.addAll(List.of(options));
        return wfs(args.toArray(new String[0]));
    }

    /**
     * The last {@code max} WARN and ERROR lines of the cluster's log (jraft's and bolt's own chatter
     * left out), for the message of a failed check: the log goes with the test's folder.
     */
    String problems(int max) {
        try (java.util.stream.Stream<String> lines = java.nio.file.Files.lines(data.resolve("local.log"))) {
            List<String> found = new java.util.ArrayList<>();
            int stackLeft = 0;
            for (String l : (Iterable<String>) lines::iterator) {
                boolean ours = !l.contains("c.a.s") && !l.contains("sofa");
                if ((l.contains(" WARN ") || l.contains(" ERROR ")) && ours) {
                    found.add(l);
                    // An unexpected failure's stack names the code at fault: its first lines come along.
                    stackLeft = l.contains(" ERROR ") ? 8 : 0;
                } else if (stackLeft > 0 && !l.isEmpty() && !Character.isDigit(l.charAt(0))) {
                    found.add(l);
                    stackLeft--;
                } else {
                    stackLeft = 0;
                }
            }
            return String.join("\n", found.subList(Math.max(0, found.size() - max), found.size()));
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return "(no log: " + e + ")";
        }
    }

    /** {@code wfs local stop --dir <data>}. */
    Result stop() throws Exception {
        return wfs("local", "stop", "--dir", data.toString());
    }

    /** {@code wfs local status --dir <data>}. */
    Result status() throws Exception {
        return wfs("local", "status", "--dir", data.toString());
    }

    /** The pid of the running {@code wfs local}, from its pid file. */
    long pid() throws Exception {
        return Long.parseLong(Files.readAllLines(data.resolve("local.pid")).get(0).trim());
    }

    Path data() {
        return data;
    }

    Path mountPoint() {
        return mountPoint;
    }

    @Override
    public void close() throws Exception {
        try {
            stop();
        } finally {
            if (WfsMount.isMounted(mountPoint)) {
                WfsMount.unmount(mountPoint);
            }
        }
    }
}
