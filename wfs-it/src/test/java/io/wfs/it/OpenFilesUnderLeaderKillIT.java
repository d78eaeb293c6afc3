package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

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
 * Opens are not Raft entries: the leader counts them in memory. Here a file held open through a
 * real FUSE mount loses its last name, and the leader of its group is killed with {@code kill -9}.
 * The new leader knows the orphan (replicated) but not who holds it until the mount's session
 * announces its opens; it must keep the file, with its data, until the last close, and then free
 * it. An orphan nobody held goes once the new leader's re-announce window is over.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class OpenFilesUnderLeaderKillIT {
    private static final int MIB = 1 << 20;

    @Test
    void anOpenUnlinkedFileKeepsItsDataThroughALeaderKillUntilItsLastClose() throws Exception {
        // The mount heartbeats every second, inside the meta nodes' 3 s re-announce window
        // (ClusterMounts, NodeConfigFiles), as production's 15 s heartbeats are inside 30 s.
        try (MiniCluster cluster = ManagerTopology.processClusterWithFastFailover().mounts(1).start();
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

            try (FileChannel open = FileChannel.open(root.resolve("held"), StandardOpenOption.READ);
                 MetaClient meta = new MetaClient(cluster.rpcClient(), slots, Duration.ofSeconds(30))) {
                Files.delete(root.resolve("held"));
                Files.delete(root.resolve("not-held"));
                assertFalse(Files.exists(root.resolve("held")));

                java.util.Objects.requireNonNull(ManagedMetaNodes.leaderOf(cluster.metaNodes(), slots.groupOfIno(held).id()),
                        "the group has a leader").kill();

                // The new leader releases what nobody holds once its window is over...
                Await.until(Duration.ofMinutes(2), () -> missing(meta, notHeld),
                        "the orphan nobody held is released by the new leader");
                Await.until(Duration.ofMinutes(2), () -> DeletedSpaceUnderFailuresIT.queued(meta, slots) == 0,
                        "the stores deleted every block the new leader released");
                // ...and keeps what the mount announced: read it whole through the open handle.
                io.wfs.common.msg.meta.InodeAttr kept = attrOrNull(meta, held);
                assertNotNull(kept, "the open orphan survives the leader kill and the new leader's window");
                assertEquals(0, kept.nlink(), "nameless");
                assertArrayEquals(content, readAll(open, content.length), "the open-unlinked file's data after the leader kill");
            }
            try (MetaClient meta = new MetaClient(cluster.rpcClient(), slots, Duration.ofSeconds(30))) {
                Await.until(Duration.ofMinutes(1), () -> missing(meta, held), "the orphan released after its last close");
                Await.until(Duration.ofMinutes(2), () -> DeletedSpaceUnderFailuresIT.queued(meta, slots) == 0,
                        "the stores deleted the blocks of both files");
            }
        }
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
