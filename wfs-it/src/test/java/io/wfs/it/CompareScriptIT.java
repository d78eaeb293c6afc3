package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * bench/compare.sh end to end, tiny: it installs what it needs (fio, bindfs, MooseFS from
 * Debian), sets up a local folder, bindfs, MooseFS in its network namespace and `wfs local`,
 * runs every workload on each, prints the ratio table with a number in every cell, and leaves
 * no mount, network namespace or process behind. Figures this small mean nothing; the full run
 * is docs/benchmarks.md's.
 */
// Longer than the 10-minute default of the ITs (pom.xml): compare.sh alone may take its 20 minutes on a slow
// machine, then the checks.
@Timeout(value = 30, unit = TimeUnit.MINUTES)
@RunsAlone
class CompareScriptIT {
    private static final List<String> ROWS = List.of("metadata: create empty files /s", "metadata: stat /s",
            "metadata: unlink /s", "metadata: mkdir /s", "metadata: rmdir /s", "small 4 KiB: write files/s",
            "small 4 KiB: random read files/s", "small 128 KiB: write files/s", "small 128 KiB: random read files/s",
            "applications: git clone --no-local + sync, s", "applications: tar x + sync, s",
            "database: pgbench TPC-B-like, 2 clients, tps",
            "fio seq write 1 MiB, 1 job(s), MiB/s", "fio seq read 1 MiB, 1 job(s), MiB/s",
            "fio rand read 4 KiB, 1 job(s), IOPS", "fio rand write 4 KiB, 1 job(s), IOPS",
            "fio seq write 1 MiB, 4 job(s), MiB/s", "fio seq read 1 MiB, 4 job(s), MiB/s",
            "fio rand read 4 KiB, 4 job(s), IOPS", "fio rand write 4 KiB, 4 job(s), IOPS");

    private static final List<String> EPOCH_ROWS = List.of("second epoch 128 KiB: epoch 1 random read files/s",
            "second epoch 128 KiB: epoch 2 random read files/s (WFS: read cache)");

    @Test
    void tinyRunPrintsTheWholeTableAndLeavesNothingBehind() throws Exception {
        Path dir = Files.createTempDirectory("wfs-compare-it-");
        try {
            Path table = dir.resolve("table.md");
            ProcessBuilder pb = new ProcessBuilder(Path.of("..", "bench", "compare.sh").toAbsolutePath().normalize().toString(),
                    "--meta-files", "40", "--small-files", "60", "--procs", "2", "--fio-size", "8", "--fio-runtime", "1",
                    "--apps-files", "100", "--pgbench-scale", "1", "--pgbench-seconds", "2",
                    "--out", table.toString()).redirectErrorStream(true);
            pb.environment().put("WFS_LAUNCHER", WfsProcess.launcher().toAbsolutePath().toString());
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(20, TimeUnit.MINUTES), "compare.sh did not finish");
            assertEquals(0, p.exitValue(), out);

            String text = Files.readString(table);
            assertTrue(text.contains("| figure | local dir | bindfs | MooseFS | WFS | WFS / MooseFS | WFS / bindfs | target |"),
                    text);
            for (String row : ROWS) {
                String line = text.lines().filter(l -> l.startsWith("| " + row + " |")).findFirst()
                        .orElseThrow(() -> new AssertionError(row + " missing in:\n" + text));
                String[] cells = line.split("\\|");
                for (int i = 2; i <= 7; i++) {
                    assertTrue(cells[i].trim().matches("[0-9][0-9,]*(\\.[0-9]+)?"), "cell " + i + " of " + line);
                }
            }
            // The second-epoch phase (issue 17, item 5) runs on the local folder and on WFS with the read cache only.
            for (String row : EPOCH_ROWS) {
                String line = text.lines().filter(l -> l.startsWith("| " + row + " |")).findFirst()
                        .orElseThrow(() -> new AssertionError(row + " missing in:\n" + text));
                String[] cells = line.split("\\|");
                assertTrue(cells[2].trim().matches("[0-9][0-9,]*(\\.[0-9]+)?"), "local dir cell of " + line);
                assertTrue(cells[5].trim().matches("[0-9][0-9,]*(\\.[0-9]+)?"), "WFS cell of " + line);
            }
            // O_DIRECT reads (issue 17's latency target): WFS must serve them; a peer that refuses them leaves "—".
            String direct = text.lines().filter(l -> l.startsWith("| fio O_DIRECT rand read 4 KiB, 1 job, mean latency µs |"))
                    .findFirst().orElseThrow(() -> new AssertionError("O_DIRECT row missing in:\n" + text));
            assertTrue(direct.split("\\|")[5].trim().matches("[0-9][0-9,]*(\\.[0-9]+)?"), "WFS cell of " + direct);
            assertTrue(text.contains("| WFS: meta server heap per file"), text);
            assertTrue(text.contains("Applications' input: a one-commit git repository and a tar file of the same 100 files"), text);
            assertTrue(out.contains("table written to " + table), out);

            String mounts = Files.readString(Path.of("/proc/mounts"));
            assertFalse(mounts.contains("/tmp/wfs-compare."), "a mount is left:\n" + mounts);
            Process netns = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
            String spaces = new String(netns.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            netns.waitFor(30, TimeUnit.SECONDS);
            assertFalse(spaces.contains("wfsbench-mfs-"), "a network namespace is left: " + spaces);
            try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
                List<String> left = procs.filter(q -> q.getFileName().toString().matches("\\d+")).map(q -> {
                    try {
                        return new String(Files.readAllBytes(q.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
                    } catch (Exception gone) {
                        return "";
                    }
                }).filter(c -> c.contains("/tmp/wfs-compare.")).toList();
                assertEquals(List.of(), left, "processes of the run are left");
            }
        } finally {
            MiniCluster.deleteTree(dir);
        }
    }
}
