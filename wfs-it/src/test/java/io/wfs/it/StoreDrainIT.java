package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.cli.WfsCommand;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.testing.Await;
import io.wfs.store.server.StoreServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/**
 * {@code wfs admin drain-store} on a cluster with four stores and two FUSE mounts, while a writer
 * keeps writing files and reading each back: the command waits until no volume has a replica on the
 * store; the writer saw no error; the store dropped every replica from its disk; stopped, it leaves
 * no volume under-replicated; and every file reads back equal through the other mount.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class StoreDrainIT {
    private static final int MIB = 1 << 20;

    @Test
    void aDrainedStoreHoldsNoReplicaAndCanBeStoppedWhileFilesAreWrittenAndRead() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().managers(1)
                .managerSetting("manager.meta-replicas", "3").managerSetting("manager.heartbeat-interval", "200ms")
                .managerSetting("manager.check-interval", "100ms").managerSetting("manager.node-timeout", "2s")
                .managerSetting("manager.volume-size", "8MiB")
                .metaNodes(3).processes(true).metaFromManager().stores(4).mounts(2).start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), Duration.ofSeconds(1))) {
            view.awaitLedAndWritable(4);
            Path dir = Files.createDirectories(cluster.mountPoint(0).resolve("data"));
            List<Path> written = new CopyOnWriteArrayList<>();
            for (int i = 0; i < 12; i++) {
                written.add(write(dir, "before-" + i, i));
            }
            StoreServer drained = cluster.storeServer(0);
            int node = drained.managerAgent().nodeId();
            assertTrue(drained.volumes().all().size() > 0, "the store holds replicas");

            // A writer that reads back each file it wrote, all through the drain.
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService pool = Executors.newSingleThreadExecutor();
            Future<Integer> writer = pool.submit(() -> {
                int n = 0;
                while (!stop.get()) {
                    Path p = write(dir, "during-" + n, 1000 + n);
                    assertArrayEquals(content(1000 + n), Files.readAllBytes(p), p.toString());
                    written.add(p);
                    n++;
                }
                return n;
            });
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            CommandLine cl = WfsCommand.newCommandLine();
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            int exit = cl.execute("admin", "drain-store", String.valueOf(node), "--wait", "--timeout", "3m",
                    "--manager", cluster.managerList(), "--set=cluster.secret-file=" + cluster.secretFile());
            stop.set(true);
            int during = writer.get(2, TimeUnit.MINUTES);
            pool.shutdown();
            assertEquals(0, exit, out + "\n" + err);
            assertTrue(out.toString().contains("0 replicas left"), out.toString());
            assertTrue(during > 0, "files were written during the drain");

            RouteModel route = ManagerTopology.model(view.status());
            assertEquals(List.of(), route.volumes().stream().filter(v -> v.hasReplicaOn(node)).map(RouteChange.Volume::id).toList());
            Await.until(Duration.ofSeconds(30), () -> drained.volumes().all().isEmpty(),
                    "the drained store drops every replica from its disk");

            cluster.stopStore(drained);
            RouteModel after = ManagerTopology.model(view.awaitStatus(s -> !ManagerTopology.model(s).store(node).up(),
                    "the stopped store is marked down"));
            for (RouteChange.Volume v : after.volumes()) {
                assertTrue(Arrays.stream(v.replicas()).allMatch(r -> after.store(r).up()),
                        "volume " + v.id() + " keeps every replica on a live store: " + Arrays.toString(v.replicas()));
            }
            Path other = cluster.mountPoint(1).resolve("data");
            for (Path p : written) {
                String name = p.getFileName().toString();
                int seed = name.startsWith("before-") ? Integer.parseInt(name.substring(7)) : 1000 + Integer.parseInt(name.substring(7));
                assertArrayEquals(content(seed), Files.readAllBytes(other.resolve(name)), name);
            }
        }
    }

    private static Path write(Path dir, String name, int seed) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, content(seed));
        return p;
    }

    private static byte[] content(int seed) {
        byte[] b = new byte[MIB / 2 + seed % 7 * 4096];
        new Random(seed).nextBytes(b);
        return b;
    }
}
