package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.wfs.client.Caller;
import io.wfs.client.WfsClient;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.testing.Await;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Opens and locks are not Raft entries: the leader keeps them in memory. Here a file held open
 * through a real FUSE mount loses its last name, another file is locked through that mount, and
 * the leader of their group is killed with {@code kill -9}. The new leader knows the orphan
 * (replicated) but not who holds it, nor the lock, until the mount's session announces them; it
 * must keep the file, with its data, until the last close, and then free it, and must not grant
 * the lock to a second mount until the first released it. An orphan nobody held goes once the new
 * leader's re-announce window is over.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class OpenFilesUnderLeaderKillIT {
    private static final int MIB = 1 << 20;

    @Test
    void anOpenUnlinkedFileAndALockOutliveALeaderKillUntilClosedAndReleased() throws Exception {
        // The mount heartbeats every second, inside the meta nodes' 3 s re-announce window
        // (ClusterMounts, NodeConfigFiles), as production's 15 s heartbeats are inside 30 s.
        try (MiniCluster cluster = ManagerTopology.processClusterWithFastFailover().mounts(2).start();
             ManagerTopology view = new ManagerTopology(cluster.managers().managerClient(), Duration.ofSeconds(1))) {
            SlotMap slots = view.awaitLedAndWritable();
            WfsClient client = cluster.mountClient(0);
            Path root = cluster.mountPoint(0);

            byte[] content = new byte[3 * MIB];
            new Random(16).nextBytes(content);
            Files.write(root.resolve("held"), content);
            Files.write(root.resolve("not-held"), content);
            long held = client.getattr(Caller.ROOT, "/held").ino();
            long notHeld = client.getattr(Caller.ROOT, "/not-held").ino();

            Files.write(root.resolve("locked"), content);
            Path lockedThere = cluster.mountPoint(1).resolve("locked");
            try (FileChannel open = FileChannel.open(root.resolve("held"), StandardOpenOption.READ);
                 FileChannel second = FileChannel.open(root.resolve("held"), StandardOpenOption.READ);
                 FileChannel locker = FileChannel.open(root.resolve("locked"), StandardOpenOption.WRITE);
                 FileChannel rival = FileChannel.open(lockedThere, StandardOpenOption.WRITE);
                 MetaClient meta = new MetaClient(cluster.rpcClient(), slots, Duration.ofSeconds(30))) {
                java.nio.channels.FileLock lock = locker.lock(0, 100, false);
                assertNull(rival.tryLock(50, 10, false), "the first mount's lock holds");
                Files.delete(root.resolve("held"));
                Files.delete(root.resolve("not-held"));
                assertFalse(Files.exists(root.resolve("held")));

                java.util.Objects.requireNonNull(ManagedMetaNodes.leaderOf(cluster.metaNodes(), slots.groupOfIno(held).id()),
                        "the group has a leader").kill();
                // A close while the group has no leader reaches the new one after the mount announced
                // what it holds, which already counts that close: it must not be counted twice
                // (the file is still open through the first handle).
                long closesBefore = successfulCloses(cluster);
                second.close();
                Await.until(Duration.ofMinutes(1), () -> successfulCloses(cluster) > closesBefore,
                        "the second handle's close answered by the new leader");

                // The new leader releases what nobody holds once its window is over...
                Await.until(Duration.ofMinutes(2), () -> missing(meta, notHeld),
                        "the orphan nobody held is released by the new leader");
                // (A getattr answers ENOENT for an orphan the leader would release: no need to wait for the release.)
                Await.until(Duration.ofMinutes(2), () -> DeletedSpaceUnderFailuresIT.queued(meta, slots) == 0,
                        "the stores deleted every block the new leader released");
                // ...and keeps what the mount announced: read it whole through the open handle.
                io.wfs.common.msg.meta.InodeAttr kept = attrOrNull(meta, held);
                assertNotNull(kept, "the open orphan survives the leader kill and the new leader's window");
                assertEquals(0, kept.nlink(), "nameless");
                assertArrayEquals(content, readAll(open, content.length), "the open-unlinked file's data after the leader kill");

                // The lock was announced to the new leader: the other mount still cannot take it...
                assertNull(rival.tryLock(50, 10, false), "the lock survives the leader kill");
                try (java.nio.channels.FileLock beside = rival.tryLock(100, 10, false)) {
                    assertNotNull(beside, "a range beside it is free");
                }
                // ...until the first mount releases it.
                lock.release();
                try (java.nio.channels.FileLock taken = rival.tryLock(50, 10, false)) {
                    assertNotNull(taken, "released, the range is the other mount's to take");
                }
            }
            try (MetaClient meta = new MetaClient(cluster.rpcClient(), slots, Duration.ofSeconds(30))) {
                Await.until(Duration.ofMinutes(1), () -> missing(meta, held), "the orphan released after its last close");
                Await.until(Duration.ofMinutes(2), () -> DeletedSpaceUnderFailuresIT.queued(meta, slots) == 0,
                        "the stores deleted the blocks of both files");
            }
        }
    }

    /** Requests that closed files (the mount gathers closes: client.close-delay) the leaders answered. */
    private static long successfulCloses(MiniCluster cluster) {
        com.codahale.metrics.MetricRegistry m = cluster.mountClientMetrics(0);
        return m.timer("rpc.client.close_batch.latency").getCount() - m.counter("rpc.client.close_batch.errors").getCount();
    }

    static byte[] readAll(FileChannel channel, int length) throws Exception {
        ByteBuffer all = ByteBuffer.allocate(length);
        while (all.hasRemaining() && channel.read(all, all.position()) >= 0) {
            // FileChannel.read may return fewer bytes than asked.
        }
        return all.array();
    }


    static io.wfs.common.msg.meta.InodeAttr attrOrNull(MetaClient meta, long ino) throws Exception {
        try {
            return meta.call(new GetAttrRequest(meta.query(0, 0), ino)).get(30, TimeUnit.SECONDS).attr();
        } catch (ExecutionException e) {
            if (WfsException.unwrap(e).code() == WfsErrorCode.ENOENT) {
                return null;
            }
            throw e;
        }
    }

    static boolean missing(MetaClient meta, long ino) throws Exception {
        return attrOrNull(meta, ino) == null;
    }
}
