package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.client.ClientConfigKeys;
import io.wfs.common.testing.Await;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The mount's FUSE requests are served by its own loop threads (FuseLoops), each attached to the
 * JVM for its life: files created through it start almost no JVM threads, where libfuse's own
 * workers (client.fuse-threads=0) are attached and detached per callback, each attach counting as
 * a thread started; the loops end with the unmount. Real FUSE mounts of a local cluster.
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

    private static long threadsStartedWhileCreating(Path dir) throws Exception {
        Files.createDirectories(dir);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long before = mx.getTotalStartedThreadCount();
        for (int i = 0; i < FILES; i++) {
            Files.writeString(dir.resolve("f" + i), "x");
        }
        return mx.getTotalStartedThreadCount() - before;
    }

    private static long loopThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("wfs-fuse-loop-")).count();
    }
}
