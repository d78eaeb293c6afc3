package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.ClientConfigKeys;
import io.wfs.common.testing.Await;
import io.wfs.fuse.WfsFuse;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import ru.serce.jnrfuse.FuseException;

/**
 * The mount's FUSE requests are served by its own loop threads (FuseLoops), each attached to the
 * JVM for its life: files created through it start almost no JVM threads, where libfuse's own
 * workers (client.fuse-threads=0) are attached and detached per callback, each attach counting as
 * a thread started; the loops grow while every one is busy, and end with the unmount. Real FUSE
 * mounts of a local cluster.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class FuseLoopsIT {
    private static final int FILES = 1_500;

    @Test
    void ownLoopThreadsServeTheMountAndEndWithIt() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().start()) {
            int own = cluster.mountWith(c -> c.with(ClientConfigKeys.FUSE_THREADS, 6));
            assertEquals(6, loopThreads(), "the mount's loop threads");
            long ownStarts = threadsStartedWhileCreating(cluster.mountPoint(own).resolve("own"));

            int libfuse = cluster.mountWith(c -> c.with(ClientConfigKeys.FUSE_THREADS, 0));
            long libfuseStarts = threadsStartedWhileCreating(cluster.mountPoint(libfuse).resolve("libfuse"));
            System.out.printf("fuse loops: JVM threads started for %d creates: own loops %d, libfuse's workers %d%n",
                    FILES, ownStarts, libfuseStarts);
            assertTrue(ownStarts * 5 < libfuseStarts, "JVM threads started for " + FILES + " creates: own loops "
                    + ownStarts + ", libfuse's workers " + libfuseStarts);

            cluster.unmount(own);
            Await.until(Duration.ofSeconds(30), () -> loopThreads() == 0, "the loop threads end with the unmount");
        }
    }

    /**
     * Blocking flocks wait in their FUSE handler. With two loop threads, three processes waiting
     * for a lock would leave none for the holder's unlock; the loops start one more thread per
     * waiter instead, and every waiter gets the lock once the holder lets go.
     */
    @Test
    void lockWaitersOnEveryLoopThreadStillLetTheUnlockThrough() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().start()) {
            int m = cluster.mountWith(c -> c.with(ClientConfigKeys.FUSE_THREADS, 2));
            Path file = cluster.mountPoint(m).resolve("lockfile");
            Files.writeString(file, "x");
            Process holder = new ProcessBuilder("flock", "-x", file.toString(), "-c", "echo locked; read line")
                    .redirectErrorStream(true).start();
            List<Process> waiters = new ArrayList<>();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                    StandardCharsets.UTF_8))) {
                assertEquals("locked", out.readLine(), "the holder took the lock");
                for (int i = 0; i < 3; i++) {
                    waiters.add(new ProcessBuilder("flock", "-x", file.toString(), "-c", "true").redirectErrorStream(true)
                            .start());
                }
                Await.until(Duration.ofSeconds(30), () -> loopThreads() >= 5,
                        "one more loop thread per waiter (2 + 3): " + loopThreads());
                // The holder lets go: its flock ends when it exits and its descriptor closes.
                holder.getOutputStream().write('\n');
                holder.getOutputStream().close();
                assertTrue(holder.waitFor(60, TimeUnit.SECONDS), "the holder exited");
                for (Process w : waiters) {
                    assertTrue(w.waitFor(60, TimeUnit.SECONDS), "every waiter got the lock after the unlock");
                    assertEquals(0, w.exitValue());
                }
            } finally {
                holder.destroyForcibly();
                waiters.forEach(Process::destroyForcibly);
            }
        }
    }

    /**
     * Readers at once keep every loop busy: the loops grow (as libfuse's workers do) so that the
     * next request finds a thread, rather than queueing eight readers behind one.
     */
    @Test
    void busyLoopsGrowSoParallelReadersAreServedAtOnce() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().start()) {
            int m = cluster.mountWith(c -> c.with(ClientConfigKeys.FUSE_THREADS, 1));
            Path file = cluster.mountPoint(m).resolve("big");
            byte[] mib = new byte[1 << 20];
            new java.util.Random(7).nextBytes(mib);
            try (var out = Files.newOutputStream(file)) {
                for (int i = 0; i < 8; i++) {
                    out.write(mib);
                }
            }
            Path stop = cluster.dir().resolve("stop-readers");
            List<Process> readers = new ArrayList<>();
            try {
                for (int i = 0; i < 8; i++) {
                    // Direct reads: each one a FUSE request that waits for a store.
                    readers.add(new ProcessBuilder("bash", "-c", "while [ ! -e '" + stop + "' ]; do dd if='" + file
                            + "' of=/dev/null bs=1M iflag=direct status=none || exit 1; done").redirectErrorStream(true).start());
                }
                Await.until(Duration.ofSeconds(60), () -> loopThreads() >= 4,
                        () -> "the loops grew under eight readers: " + loopThreads() + " threads");
                Files.writeString(stop, "");
                for (Process r : readers) {
                    assertTrue(r.waitFor(60, TimeUnit.SECONDS), "a reader stopped");
                    assertEquals(0, r.exitValue(), "every read succeeded");
                }
            } finally {
                readers.forEach(Process::destroyForcibly);
            }
        }
    }

    /** A mount libfuse refuses (no such folder) fails with its reason, and leaves the file system mountable again. */
    @Test
    void aMountLibfuseRefusesFailsAndCanBeTriedAgain() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().localCluster().mounts(1).start()) {
            WfsFuse fuse = new WfsFuse(cluster.mountClient(0), new MetricRegistry(), 2);
            Path missing = cluster.dir().resolve("no-such-folder");
            for (int attempt = 0; attempt < 2; attempt++) {
                FuseException e = assertThrows(FuseException.class, () -> fuse.mount(missing, false, false, new String[0]));
                assertTrue(e.getMessage().contains("could not mount"), "attempt " + attempt + ": " + e.getMessage());
            }
        }
    }

    private static long threadsStartedWhileCreating(Path dir) throws Exception {
        Files.createDirectories(dir);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long before = mx.getTotalStartedThreadCount();
        for (int i = 0; i < FILES; i++) {
            Files.createFile(dir.resolve("f" + i));
        }
        return mx.getTotalStartedThreadCount() - before;
    }

    private static long loopThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("wfs-fuse-loop-")).count();
    }
}
