package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.fuse.WfsMount;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code wfs local} as a user runs it, with the real launcher: the background form mounts, status
 * answers, stop leaves no process and no mount, a restart brings the files back, and after
 * {@code kill -9} the fsynced data is there and no stale mount is left.
 */
// Longer than the 10-minute default of the ITs (pom.xml): several wfs local and wfs bench runs on a real mount,
// each may take up to 6 minutes.
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class LocalCommandIT {
    private MiniCluster cluster;
    private WfsLocalCommand local;
    private Path mnt;

    @BeforeEach
    void setUp() throws Exception {
        cluster = MiniCluster.builder().localCommand().start();
        local = cluster.localCommand();
        mnt = local.mountPoint();
    }

    @AfterEach
    void tearDown() throws Exception {
        cluster.close();
    }

    @Test
    void startStatusStopRestartAndRecoveryAfterKill9() throws Exception {
        WfsLocalCommand.Result start = local.start();
        assertEquals(0, start.exit(), start.output());
        assertTrue(WfsMount.isMounted(mnt));
        WfsLocalCommand.Result localStatus = local.status();
        assertEquals(0, localStatus.exit(), localStatus.output());
        // wfs local status shows the cluster view of wfs status too.
        assertTrue(localStatus.output().contains("groups (2)") && localStatus.output().contains("volumes ("),
                localStatus.output());
        // On the machine that runs it, wfs status and wfs fsck find the local cluster without flags.
        java.util.Map<String, String> here = java.util.Map.of("WFS_LOCAL_DIR", local.data().toString());
        WfsLocalCommand.Result status = WfsLocalCommand.wfsWith(here, "status");
        assertEquals(0, status.exit(), status.output());
        assertTrue(status.output().contains("volumes"), status.output());
        WfsLocalCommand.Result fsck = WfsLocalCommand.wfsWith(here, "fsck");
        assertEquals(0, fsck.exit(), fsck.output());
        Path f = mnt.resolve("kept.txt");
        try (RandomAccessFile w = new RandomAccessFile(f.toFile(), "rw")) {
            w.write("fsynced before every stop".getBytes(StandardCharsets.UTF_8));
            w.getFD().sync();
        }
        long first = local.pid();
        WfsLocalCommand.Result stop = local.stop();
        assertEquals(0, stop.exit(), stop.output());
        assertFalse(WfsMount.isMounted(mnt), "stop left the mount");
        assertFalse(ProcessHandle.of(first).map(ProcessHandle::isAlive).orElse(false), "stop left the process");
        assertEquals(3, local.status().exit());
        WfsLocalCommand.Result none = WfsLocalCommand.wfsWith(here, "status");
        assertEquals(2, none.exit(), "a stopped local cluster is no manager: " + none.output());
        assertTrue(none.output().contains("no manager"), none.output());

        assertEquals(0, local.start().exit());
        assertEquals("fsynced before every stop", Files.readString(f));
        try (RandomAccessFile w = new RandomAccessFile(mnt.resolve("after-restart.txt").toFile(), "rw")) {
            w.write("written, fsynced, then kill -9".getBytes(StandardCharsets.UTF_8));
            w.getFD().sync();
        }
        ProcessHandle second = ProcessHandle.of(local.pid()).orElseThrow();
        Runtime.getRuntime().exec(new String[] {"kill", "-9", Long.toString(second.pid())}).waitFor();
        second.onExit().get(30, TimeUnit.SECONDS);
        // auto_unmount, or else 'wfs local stop' / the next start, removes the dead mount.
        assertEquals(0, local.stop().exit());
        assertFalse(WfsMount.isMounted(mnt), "a stale mount is left after kill -9");

        assertEquals(0, local.start().exit());
        assertEquals("fsynced before every stop", Files.readString(f));
        assertEquals("written, fsynced, then kill -9", Files.readString(mnt.resolve("after-restart.txt")));
    }

    /**
     * {@code wfs bench} on the mount of a real local cluster prints every phase, and the meta
     * servers' metrics endpoints (listed by {@code wfs local status}) count the namespace the
     * benchmark grew: what bench/compare.sh reads for the bytes per file.
     */
    @Test
    void benchOnTheMountAndNamespaceMetrics() throws Exception {
        assertEquals(0, local.start().exit());
        WfsLocalCommand.Result status = local.status();
        List<String> endpoints = status.output().lines().filter(l -> l.trim().startsWith("metrics meta"))
                .map(l -> l.trim().split(" ")[2]).toList();
        assertEquals(3, endpoints.size(), status.output());
        long inodesBefore = (long) metric(endpoints.get(0), "meta_namespace_inodes");

        WfsLocalCommand.Result bench = WfsLocalCommand.wfs("bench", mnt.toString(), "--big-file-size", "8", "--small-file-count", "40",
                "--small-file-size", "16", "--threads", "2", "--keep");
        assertEquals(0, bench.exit(), bench.output());
        for (String item : new String[] {"Write big file", "Read big file", "Write small file", "Read small file", "Stat file"}) {
            assertTrue(bench.output().lines().anyMatch(l -> l.startsWith("| " + item)), item + " in:\n" + bench.output());
        }
        for (String endpoint : endpoints) {
            // 2 big files, 2 folders of 40 small files and the benchmark's own folder, on every replica:
            // the mount answers creates under a delegation and sends them in batches, and a follower
            // applies a moment after its leader, so the count is waited for.
            io.wfs.common.testing.Await.until(java.time.Duration.ofSeconds(60),
                    () -> metric(endpoint, "meta_namespace_inodes") >= inodesBefore + 85,
                    "85 new inodes counted at " + endpoint);
            assertTrue(metric(endpoint, "meta_namespace_array_bytes") > 0, endpoint);
        }
    }

    static double metric(String endpoint, String name) throws Exception {
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create(endpoint)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), endpoint);
        return r.body().lines().filter(l -> l.startsWith(name + " ")).mapToDouble(l -> Double.parseDouble(l.split(" ")[1]))
                .findFirst().orElseThrow(() -> new AssertionError(name + " missing at " + endpoint));
    }
}
