package io.wfs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wfs bench store}: a tiny run end to end; checks what it prints and that it cleans up, not speed. */
class StoreBenchCommandTest {
    @Test
    void tinyRunPrintsEveryPhaseAndRemovesOnlyItsOwnData(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        picocli.CommandLine cl = WfsCommand.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        Path data = dir.resolve("bench");
        Files.createDirectories(data.resolve("keep"));
        int code = cl.execute("bench", "store", "--dir", data.toString(), "--sizes", "4096,1048576",
                "--bytes-per-case", "2097152", "--gc-bytes", "4194304", "--latency-seconds", "0.2", "--in-flight", "4",
                "--random-reads", "200", "--random-read-bytes", "8388608");
        assertEquals(0, code, "exit code; stderr: " + err);
        String text = out.toString();
        for (String phase : new String[] {"write 4 KiB x1", "write 4 KiB x3", "write 1 MiB x3", "read 1 MiB", "random read 4 KiB of 4 MiB blocks",
                "gc: 1 extents, 2 MiB deleted, reclaimed 2 MiB", "GC off", "GC on"}) {
            assertTrue(text.contains(phase), phase + " in:\n" + text);
        }
        String[] lines = text.strip().split("\\R");
        assertTrue(lines[lines.length - 1].matches("(\\w+=[0-9.]+ )+gc_reclaim_mb_s=\\d+ gc_write_amplification=1\\.50"),
                "summary line: " + lines[lines.length - 1]);
        try (Stream<Path> left = Files.list(data)) {
            assertEquals(java.util.List.of(data.resolve("keep")), left.toList(),
                    "the stores' data is removed, what was in --dir before is not");
        }
    }

    @Test
    void randomReadsOnlyRunsThatPhaseAlone(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        picocli.CommandLine cl = WfsCommand.newCommandLine();
        cl.setOut(new PrintWriter(out, true));
        int code = cl.execute("bench", "store", "--dir", dir.toString(), "--random-reads-only", "--random-reads", "100",
                "--random-read-bytes", "2097152", "--random-read-block", "1048576", "--random-read-length", "65536");
        assertEquals(0, code);
        String text = out.toString();
        assertTrue(text.contains("random read 64 KiB of 1 MiB blocks"), text);
        assertTrue(!text.contains("write 4 KiB") && !text.contains("gc:") && !text.contains("GC on"), text);
    }

    @Test
    void badRandomReadSizesAreRefusedWithAClearError(@TempDir Path dir) {
        for (String[] bad : new String[][] {{"--random-read-length", "0"}, {"--random-read-length", "8192",
                "--random-read-block", "4096"}, {"--random-read-block", "8388608"}}) {
            StringWriter err = new StringWriter();
            picocli.CommandLine cl = WfsCommand.newCommandLine();
            cl.setErr(new PrintWriter(err, true));
            String[] args = Stream.concat(Stream.of("bench", "store", "--dir", dir.toString(), "--random-reads-only"),
                    Stream.of(bad)).toArray(String[]::new);
            assertEquals(2, cl.execute(args), String.join(" ", bad));
            assertTrue(err.toString().contains("--random-read-"), err.toString());
        }
    }
}
