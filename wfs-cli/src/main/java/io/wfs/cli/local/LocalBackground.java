package io.wfs.cli.local;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code wfs local --background}: the same command in a new process, logging to DIR/local.log, awaited until mounted. */
final class LocalBackground {
    private LocalBackground() {
    }

    static int start(Path dir, Path mountPoint, List<String> configArguments, PrintWriter out, PrintWriter err) throws IOException, InterruptedException {
        String home = System.getProperty("wfs.home");
        if (home == null) {
            err.println("wfs local: --background needs the bin/wfs launcher (wfs.home is not set)");
            return 2;
        }
        Files.createDirectories(dir);
        Path log = dir.resolve("local.log");
        List<String> command = new java.util.ArrayList<>(List.of(Path.of(home, "bin", "wfs").toString(), "local",
                "--dir", dir.toString(), "--mount", mountPoint.toString()));
        // The child runs the same cluster: the same --config and --set.
        command.addAll(configArguments);
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(
                        Path.of("/dev/null").toFile())).start();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                err.printf("wfs local: the cluster stopped while starting; see %s%n", log);
                return 1;
            }
            if (Files.exists(log) && Files.readString(log).contains("wfs local ready:")) {
                out.printf("wfs local: WFS is mounted at %s (pid %d, data in %s, log %s); 'wfs local stop' stops it.%n",
                        mountPoint, p.pid(), dir, log);
                return 0;
            }
            Thread.sleep(200);
        }
        p.destroy();
        err.printf("wfs local: not ready after 5 minutes; see %s%n", log);
        return 1;
    }
}
