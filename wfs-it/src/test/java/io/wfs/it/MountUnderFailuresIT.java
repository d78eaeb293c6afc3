package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.route.RouteModel;
import io.wfs.common.testing.Await;
import io.wfs.fuse.WfsFuse;
import io.wfs.fuse.WfsMount;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Failures under load through a real mount: while cp -r copies hundreds of files onto a FUSE
 * mount of a cluster of real processes (a manager, three meta servers, four stores), the meta
 * process leading a group and then a store process are killed with kill -9. The copy completes
 * and diff -r finds the tree equal. Four stores, so that volumes of three replicas without the
 * killed one can take the writes.
 */
// Longer than the 10-minute default of the ITs (pom.xml): cp may take its 10 minutes and diff its 5 through the
// failures, after a cluster of processes starts.
@Timeout(value = 20, unit = TimeUnit.MINUTES)
class MountUnderFailuresIT {
    private static final long MIB = 1 << 20;

    @Test
    void cpCompletesAndComparesEqualWhileAMetaLeaderAndAStoreAreKilled() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().managers(1).managerProcesses(true)
                .managerSetting("manager.meta-replicas", "3").managerSetting("manager.heartbeat-interval", "300ms")
                .managerSetting("manager.check-interval", "200ms").managerSetting("manager.node-timeout", "3s")
                .metaNodes(3).processes(true).metaFromManager().stores(4).storeProcesses(true).start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), java.time.Duration.ofSeconds(1))) {
            Path dir = cluster.dir();
            String managerList = cluster.managerList();
            WfsClient client = null;
            WfsMount mount = null;
            try {
                view.awaitLedAndWritable(4);
                Path source = tree(dir.resolve("tree"));
                client = new WfsClient(WfsConfig.defaults().with(ClientConfigKeys.MANAGERS, managerList), cluster.secret(),
                        new MetricRegistry());
                mount = WfsMount.mount(new WfsFuse(client, new MetricRegistry()), dir.resolve("mnt"), List.of());
                Path target = mount.mountPoint().resolve("copy");
                Process cp = new ProcessBuilder("cp", "-r", source.toString(), target.toString()).redirectErrorStream(true)
                        .start();
                // Each failure lands once the copy has made progress (bytes written through the mount).
                awaitCopied(cp, MIB);
                assertTrue(cp.isAlive(), "the copy finished before any failure: make the tree larger");
                leaderOfAnyGroup(cluster.metaNodes()).kill();
                awaitCopied(cp, writtenSoFar(cp) + MIB);
                cluster.storeProcess(0).kill();
                String out = new String(cp.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(cp.waitFor(10, TimeUnit.MINUTES), "cp did not finish");
                assertEquals(0, cp.exitValue(), "cp failed: " + out);
                Process diff = new ProcessBuilder("diff", "-r", source.toString(), target.toString()).redirectErrorStream(true)
                        .start();
                String diffOut = new String(diff.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(diff.waitFor(5, TimeUnit.MINUTES));
                assertEquals(0, diff.exitValue(), "the copy differs: " + diffOut);
            } finally {
                if (mount != null) {
                    mount.close();
                }
                if (client != null) {
                    client.close();
                }
                for (ProcessStoreNode s : cluster.storeProcesses()) {
                    s.close();
                }
                for (MetaNode m : cluster.metaNodes()) {
                    m.close();
                }
                assertFalse(WfsMount.isMounted(dir.resolve("mnt")), "the test left its mount behind");
            }
        }
    }

    /** Waits until {@code cp} has written {@code bytes} in all, or has ended. */
    private static void awaitCopied(Process cp, long bytes) throws InterruptedException {
        Await.until(Duration.ofMinutes(3), () -> !cp.isAlive() || written(cp) >= bytes,
                () -> "cp wrote " + bytes + " bytes");
    }

    /** The bytes {@code p} has written so far (write calls, so through the mount for cp). */
    private static long written(Process p) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "io"))) {
            if (line.startsWith("wchar:")) {
                return Long.parseLong(line.substring("wchar:".length()).trim());
            }
        }
        throw new IOException("no wchar in /proc/" + p.pid() + "/io");
    }

    private static long writtenSoFar(Process p) {
        try {
            return written(p);
        } catch (IOException ended) {
            return 0;
        }
    }

    private static Path tree(Path source) throws Exception {
        Random r = new Random(11);
        for (int i = 0; i < 600; i++) {
            Path f = source.resolve("d" + (i % 10)).resolve("file-" + i);
            Files.createDirectories(f.getParent());
            byte[] data = new byte[r.nextInt(i % 50 == 0 ? 2 << 20 : 30_000)];
            r.nextBytes(data);
            Files.write(f, data);
        }
        return source;
    }

    /** A meta process that leads at least one group now. */
    @SuppressWarnings("unchecked")
    static MetaNode leaderOfAnyGroup(List<MetaNode> metas) throws Exception {
        for (MetaNode m : metas) {
            for (Map<String, Object> g : (List<Map<String, Object>>) m.status().get("groups")) {
                if (Boolean.TRUE.equals(g.get("leader"))) {
                    return m;
                }
            }
        }
        throw new AssertionError("no meta group has a leader");
    }
}
