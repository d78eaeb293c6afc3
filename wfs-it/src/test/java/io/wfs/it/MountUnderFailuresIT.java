package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.cli.local.LocalCluster;
import io.wfs.client.ClientConfigKeys;
import io.wfs.client.WfsClient;
import io.wfs.common.config.WfsConfig;
import io.wfs.fuse.WfsFuse;
import io.wfs.fuse.WfsMount;
import io.wfs.meta.server.MetaGroupReplica;
import io.wfs.meta.server.MetaServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * While cp -r copies a tree of hundreds of files onto the mount, a meta group leader and then a
 * store replica stop at once (in-process servers closed without warning; the process-level
 * kill -9 tests are MetaLeaderKillIT and StoreKillIT). The copy completes and diff -r finds the
 * tree equal. Four stores, so that three replicas stay writable without the stopped one.
 */
class MountUnderFailuresIT {
    @Test
    void cpCompletesAndComparesEqualWhileAMetaLeaderAndAStoreStop() throws Exception {
        Path dir = Files.createTempDirectory("wfs-failures-it-");
        Path source = dir.resolve("tree");
        Random r = new Random(11);
        for (int i = 0; i < 600; i++) {
            Path f = source.resolve("d" + (i % 10)).resolve("file-" + i);
            Files.createDirectories(f.getParent());
            byte[] data = new byte[r.nextInt(i % 50 == 0 ? 2 << 20 : 30_000)];
            r.nextBytes(data);
            Files.write(f, data);
        }
        LocalCluster cluster = LocalCluster.start(dir.resolve("cluster"), WfsConfig.defaults(), 4, step -> { });
        WfsClient client = null;
        WfsMount mount = null;
        try {
            client = new WfsClient(WfsConfig.defaults().with(ClientConfigKeys.MANAGERS, cluster.managerAddress()),
                    cluster.secret(), new MetricRegistry());
            mount = WfsMount.mount(new WfsFuse(client, new MetricRegistry()), dir.resolve("mnt"), List.of());
            Path target = mount.mountPoint().resolve("copy");
            Process cp = new ProcessBuilder("cp", "-r", source.toString(), target.toString()).redirectErrorStream(true).start();
            Thread.sleep(3000);
            assertTrue(cp.isAlive(), "the copy finished before any failure: make the tree larger");
            cluster.stopMeta(leaderOfAnyGroup(cluster));
            Thread.sleep(3000);
            cluster.stopStore(0);
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
            cluster.close();
            assertFalse(WfsMount.isMounted(dir.resolve("mnt")));
            MiniCluster.deleteTree(dir);
        }
    }

    private static int leaderOfAnyGroup(LocalCluster cluster) {
        List<MetaServer> metas = cluster.metaServers();
        for (int i = 0; i < metas.size(); i++) {
            for (MetaGroupReplica g : metas.get(i).replicas()) {
                if (g.raft().isLeader()) {
                    return i;
                }
            }
        }
        throw new AssertionError("no meta group has a leader");
    }
}
