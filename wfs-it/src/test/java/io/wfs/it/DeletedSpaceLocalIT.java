package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.testing.Await;
import io.wfs.common.testing.DiskUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 14 as a user meets it, on {@code wfs local} started by the real launcher with default
 * settings except a shorter drain interval: 300 files of 1 MiB written, 299 deleted, and within a
 * minute the stores' disk usage is below half of what the files took, every meta deletion queue
 * is empty, {@code df} on the mount shows the space back, and the one file left reads back equal,
 * also after a restart of the whole cluster.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class DeletedSpaceLocalIT {
    private static final int FILES = 300;
    private static final int MIB = 1 << 20;

    private MiniCluster cluster;
    private WfsLocalCommand local;
    private Path data;
    private Path mnt;

    @BeforeEach
    void setUp() throws Exception {
        cluster = MiniCluster.builder().localCommand().start();
        local = cluster.localCommand();
        data = local.data();
        mnt = local.mountPoint();
    }

    @AfterEach
    void tearDown() throws Exception {
        cluster.close();
    }

    @Test
    void deletedFilesGiveTheirSpaceBackWithinAMinute() throws Exception {
        start();
        long storesEmpty = storesOnDisk();
        Random r = new Random(14);
        byte[] kept = null;
        for (int i = 0; i < FILES; i++) {
            byte[] bytes = new byte[MIB];
            r.nextBytes(bytes);
            Files.write(mnt.resolve("f" + i), bytes);
            kept = bytes;
        }
        long written = storesOnDisk() - storesEmpty;
        assertTrue(written >= 3L * FILES * MIB, "three replicas of every byte are on disk: " + written);
        long freeWhenFull = Files.getFileStore(mnt).getUsableSpace();

        for (int i = 0; i < FILES - 1; i++) {
            Files.delete(mnt.resolve("f" + i));
        }
        Await.until(Duration.ofMinutes(1), () -> storesOnDisk() - storesEmpty < written / 2,
                () -> "the stores' disk usage below half of " + written + " bytes: " + storesOnDiskOrError());
        Await.until(Duration.ofSeconds(30), () -> queuedDeletions() == 0, "every meta deletion queue empty");
        // df: the stores report their free space with every heartbeat; a third of the freed raw bytes is the user's.
        Await.until(Duration.ofSeconds(30), () -> Files.getFileStore(mnt).getUsableSpace() - freeWhenFull >= written / 3 / 2,
                "df on the mount shows the space back");
        assertArrayEquals(kept, Files.readAllBytes(mnt.resolve("f" + (FILES - 1))));

        assertEquals(0, local.stop().exit());
        start();
        assertArrayEquals(kept, Files.readAllBytes(mnt.resolve("f" + (FILES - 1))), "after a restart");
        assertTrue(storesOnDisk() - storesEmpty < written / 2, "the space stays free after a restart");
        assertEquals(0, queuedDeletions(), "and no deletion came back");
    }

    private void start() throws Exception {
        WfsLocalCommand.Result start = local.start("--set", "store.deletion-drain-interval=1s");
        assertEquals(0, start.exit(), start.output());
    }

    /** Allocated bytes of the three stores' folders. */
    private long storesOnDisk() throws Exception {
        long sum = 0;
        for (int i = 0; i < 3; i++) {
            sum += DiskUsage.allocatedBytes(data.resolve("store" + i));
        }
        return sum;
    }

    private String storesOnDiskOrError() {
        try {
            return storesOnDisk() + " bytes now";
        } catch (Exception e) {
            return e.toString();
        }
    }

    /** The freed blocks waiting in the meta groups' queues, summed over the meta servers' endpoints. */
    private long queuedDeletions() throws Exception {
        long sum = 0;
        for (String endpoint : endpoints("meta")) {
            sum += (long) LocalCommandIT.metric(endpoint, "meta_deletions_queued");
        }
        return sum;
    }

    private List<String> endpoints(String kind) throws Exception {
        WfsLocalCommand.Result status = local.status();
        List<String> list = new ArrayList<>();
        status.output().lines().filter(l -> l.trim().startsWith("metrics " + kind))
                .forEach(l -> list.add(l.trim().split(" ")[2]));
        assertEquals(3, list.size(), status.output());
        return list;
    }
}
