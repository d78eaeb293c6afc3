package io.wfs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wfs bench DIR} on a local folder: every phase in the table and the JSON line, the
 * progress bar on stderr, nothing left behind; bad options are refused with exit code 2. The
 * same command on a real WFS mount runs in LocalCommandIT. Checks output, not speed.
 */
class FsBenchCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        picocli.CommandLine cl = WfsCommand.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void everyPhaseIsInTheTableAndTheFilesAreRemoved(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("mine"));
        int code = run("bench", dir.toString(), "--big-file-size", "3", "--block-size", "256", "--small-file-size", "5",
                "--small-file-count", "30", "--threads", "2", "--json");
        assertEquals(0, code, "stderr: " + err);
        String text = out.toString();
        for (String item : new String[] {"Write big file", "Read big file", "Write small file", "Read small file",
                "Stat file"}) {
            assertTrue(text.lines().anyMatch(l -> l.startsWith("| " + item) && l.matches(".*[0-9.,]+ (MiB|file)/s.*")),
                    item + " row in:\n" + text);
            assertTrue(text.contains("\"" + item + "\": {\"rate\": "), item + " in the JSON line:\n" + text);
        }
        assertTrue(err.toString().contains("Write small file") && err.toString().contains("60/60"),
                "the progress bar counts all 2 x 30 small files:\n" + err);
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(dir.resolve("mine")), left.toList(), "the benchmark removes only its own files");
        }
    }

    @Test
    void keepLeavesTheFilesWithTheirSizes(@TempDir Path dir) throws Exception {
        assertEquals(0, run("bench", dir.toString(), "--big-file-size", "0", "--small-file-size", "7",
                "--small-file-count", "4", "--keep"), "stderr: " + err);
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> small = files.filter(Files::isRegularFile).toList();
            assertEquals(4, small.size());
            for (Path p : small) {
                assertEquals(7 * 1024, Files.size(p));
            }
        }
        assertTrue(!out.toString().contains("big file |"), "no big-file rows with --big-file-size 0:\n" + out);
    }

    @Test
    void badArgumentsAreRefusedWithUsageExitCode(@TempDir Path dir) throws Exception {
        assertEquals(2, run("bench", dir.resolve("missing").toString()));
        assertTrue(err.toString().contains("is not a folder"), err.toString());
        assertEquals(2, run("bench", dir.toString(), "--threads", "0"));
        assertTrue(err.toString().contains("--threads must be between 1 and 256"), err.toString());
        assertEquals(2, run("bench", dir.toString(), "--small-file-count", "-1"));
        assertTrue(err.toString().contains("must not be negative"), err.toString());
        assertEquals(2, run("bench", dir.toString(), "--block-size", "0"));
        assertEquals(2, run("bench"), "no folder: usage");
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "refused runs write nothing");
        }
    }
}
