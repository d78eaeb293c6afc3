package io.wfs.store.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A replica on a real file system that runs out of space (a 2 MiB tmpfs this test mounts, as
 * root; skipped where mounting is not allowed): the append fails with the disk's own "No space
 * left on device" (which the store turns into ENOSPC for the writer), every block appended before
 * reads back intact, also after a restart, and once deletes give pages back the replica takes
 * blocks again.
 */
@Timeout(60)
class VolumeReplicaDiskFullTest {
    private static final long EXTENT = 8L << 20;

    private Path mountPoint;

    @BeforeEach
    void mountSmallDisk() throws Exception {
        mountPoint = Files.createTempDirectory("wfs-replica-full-");
        boolean mounted = run("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint.toString());
        if (!mounted) {
            Files.delete(mountPoint);
        }
        Assumptions.assumeTrue(mounted, "mounting a tmpfs needs root (CAP_SYS_ADMIN)");
    }

    @AfterEach
    void unmount() throws Exception {
        if (mountPoint != null && Files.exists(mountPoint)) {
            if (!run("umount", mountPoint.toString())) {
                run("umount", "-l", mountPoint.toString());
            }
            Files.delete(mountPoint);
        }
    }

    @Test
    void aFullDiskFailsTheAppendAndLeavesEveryEarlierBlockIntact() throws Exception {
        Path dir = mountPoint.resolve("volume-1");
        Random r = new Random(7);
        Map<Long, byte[]> written = new LinkedHashMap<>();
        try (VolumeReplica v = VolumeReplica.create(dir, new VolumeDescriptor(1, List.of("a:1"), true), EXTENT)) {
            IOException full = null;
            for (long id = 1; full == null && id < 100; id++) {
                byte[] data = new byte[100_000];
                r.nextBytes(data);
                try {
                    v.append(id, data, Crc.of(data), false).extent().force();
                    written.put(id, data);
                } catch (IOException e) {
                    full = e;
                }
            }
            assertTrue(full != null, "2 MiB filled");
            assertTrue(String.valueOf(full.getMessage()).contains("No space left on device"), String.valueOf(full));
            assertTrue(written.size() >= 10, "blocks before the disk filled: " + written.size());
            for (var e : written.entrySet()) {
                assertArrayEquals(e.getValue(), v.read(e.getKey()), "block " + e.getKey());
            }
            long failedId = written.size() + 1;
            assertEquals(0, v.location(failedId), "the failed block is not in the index");

            // Deletes punch their pages out: the space is back and the replica takes blocks again.
            long[] doomed = written.keySet().stream().limit(5).mapToLong(Long::longValue).toArray();
            List<Extent> touched = new ArrayList<>();
            v.delete(doomed, touched);
            DeletedSpace.commit(touched);
            for (long id : doomed) {
                written.remove(id);
            }
            byte[] after = new byte[100_000];
            r.nextBytes(after);
            v.append(failedId, after, Crc.of(after), false).extent().force();
            written.put(failedId, after);
        }
        try (VolumeReplica v = VolumeReplica.open(dir, EXTENT)) {
            for (var e : written.entrySet()) {
                assertArrayEquals(e.getValue(), v.read(e.getKey()), "block " + e.getKey() + " after a restart");
            }
            assertEquals(written.size(), v.stats().liveBlocks());
            assertThrows(WfsException.class, () -> v.read(1), "a deleted block stays deleted");
        }
    }

    private static boolean run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    }
}
