package io.wfs.csi;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** mount(8) and umount(8) on the node: bind mounts into pods, and unmounts that must not be left half done. */
final class HostCommands {
    private HostCommands() {
    }

    static void bind(Path source, Path target, boolean readOnly) throws IOException {
        run(List.of("mount", "--bind", source.toString(), target.toString()));
        if (readOnly) {
            // A bind mount takes "ro" only on a remount of itself (mount(8)).
            try {
                run(List.of("mount", "-o", "remount,bind,ro", target.toString()));
            } catch (IOException e) {
                unmount(target);
                throw e;
            }
        }
    }

    /** Unmounts every mount stacked at {@code target}; a dead or busy one lazily, so the call never hangs. */
    static void unmount(Path target) throws IOException {
        int rounds = 0;
        while (MountTable.entry(target) != null) {
            if (++rounds > 8) {
                throw new IOException("still mounted after 8 unmounts: " + target);
            }
            try {
                run(List.of("umount", target.toString()));
            } catch (IOException busyOrDead) {
                run(List.of("umount", "-l", target.toString()));
            }
        }
    }

    static String run(List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not finish in 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted: " + String.join(" ", cmd), e);
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " exited " + p.exitValue() + ": " + out);
        }
        return out;
    }
}
