package io.wfs.cli.local;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code wfs local --background}: the same command in a new process, logging to DIR/local.log, awaited until mounted. */
final class LocalBackground {
    /** Lines of the log printed when the cluster stopped while starting. */
    private static final int MAX_CAUSE_LINES = 5;

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
                // The cause on the terminal too (a data folder of an older format, a port taken, a missing libfuse).
                for (String line : cause(log)) {
                    err.println("  " + line);
                }
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

    /**
     * sofa-jraft's logging bridge fails to configure its own logback context on every start and says so
     * with an ERROR and a NoSuchMethodError; jraft logs through ours all the same. Not a cause.
     */
    private static boolean sofaLoggingNoise(String line) {
        return line.contains("Sofa-Middleware-Log") || line.contains("ContextInitializer.configureByResource");
    }

    /** A thrown exception's first line in a log ("java.lang.IllegalStateException: ...", "Caused by: ..."). */
    private static final java.util.regex.Pattern EXCEPTION_LINE =
            java.util.regex.Pattern.compile("^(Caused by: )?[\\w.$]+(Exception|Error)(: .*)?$");

    /**
     * Lines of a failed start's log that say why: its last ERROR lines and exception messages (not
     * their stack frames), else its last lines.
     */
    static List<String> cause(Path log) throws IOException {
        if (!Files.exists(log)) {
            return List.of();
        }
        List<String> lines = Files.readAllLines(log, java.nio.charset.StandardCharsets.UTF_8);
        List<String> errors = lines.stream().filter(l -> l.contains(" ERROR ") || EXCEPTION_LINE.matcher(l).matches())
                .filter(l -> !sofaLoggingNoise(l)).toList();
        List<String> chosen = errors.isEmpty() ? lines : errors;
        return chosen.subList(Math.max(0, chosen.size() - MAX_CAUSE_LINES), chosen.size());
    }
}
