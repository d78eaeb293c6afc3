package io.wfs.store.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.testing.DiskUsage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deleted blocks give their pages back to the file system at once, in the active extent too;
 * a crash between a tombstone and its punch is repaired at the next open; where the file system
 * cannot punch, the active extent is sealed for GC once enough of it is deleted.
 */
class HolePunchTest {
    private static final long EXTENT = 64L << 20;
    private static final int BLOCK = 64 << 10;
    private static final int BLOCKS = 64;

    @TempDir
    Path dir;

    private VolumeReplica createWithBlocks(Path vdir, byte[][] data) throws Exception {
        VolumeReplica v = VolumeReplica.create(vdir, new VolumeDescriptor(1, List.of("127.0.0.1:1"), true), EXTENT);
        Random r = new Random(3);
        for (int i = 0; i < data.length; i++) {
            data[i] = new byte[BLOCK];
            r.nextBytes(data[i]);
            v.append(i + 1, data[i], Crc.of(data[i]), false);
        }
        DeletedSpace.commit(List.copyOf(v.extents.values()));
        return v;
    }

    @Test
    void deletesPunchHolesInTheActiveExtentAndACrashBeforeThePunchIsRepairedAtOpen() throws Exception {
        Path vdir = dir.resolve("volume-1");
        byte[][] data = new byte[BLOCKS][];
        long[] firstHalf = LongStream.rangeClosed(1, BLOCKS / 2).toArray();
        long[] thirdQuarter = LongStream.rangeClosed(BLOCKS / 2 + 1, BLOCKS * 3 / 4).toArray();
        try (VolumeReplica v = createWithBlocks(vdir, data)) {
            long full = DiskUsage.allocatedBytes(vdir);
            List<Extent> touched = new ArrayList<>();
            assertEquals(BLOCKS / 2, v.delete(firstHalf, touched));
            DeletedSpace.commit(touched);
            long freed = full - DiskUsage.allocatedBytes(vdir);
            assertTrue(freed >= (long) BLOCK * BLOCKS / 2, "half the blocks' pages are back at once: " + freed);
            assertEquals((long) BLOCK * BLOCKS / 2, v.stats().reclaimedBytes());
            assertEquals(0, v.stats().unreclaimedBytes());
            assertFalse(v.sealedExtents().stream().anyMatch(e -> e.number() == 1), "the extent stays active");

            // Tombstoned, but the process "dies" before the punch: the space is not back yet.
            touched.clear();
            v.delete(thirdQuarter, touched);
            for (Extent e : touched) {
                e.force();
            }
            assertEquals((long) BLOCK * BLOCKS / 4, v.stats().unreclaimedBytes());
        }
        long beforeOpen = DiskUsage.allocatedBytes(vdir);
        try (VolumeReplica v = VolumeReplica.open(vdir, EXTENT)) {
            long freed = beforeOpen - DiskUsage.allocatedBytes(vdir);
            assertTrue(freed >= (long) BLOCK * BLOCKS / 4, "the open punched what the crash left: " + freed);
            assertEquals((long) BLOCK * BLOCKS * 3 / 4, v.stats().reclaimedBytes());
            assertEquals(0, v.stats().unreclaimedBytes());
            for (int i = BLOCKS * 3 / 4; i < BLOCKS; i++) {
                assertArrayEquals(data[i], v.read(i + 1), "live block " + (i + 1) + " beside the holes");
            }
            byte[] more = new byte[5000];
            v.append(BLOCKS + 1, more, Crc.of(more), false);
            assertArrayEquals(more, v.read(BLOCKS + 1), "appends go on after the holes");
        }
    }

    @Test
    void whereTheFileSystemCannotPunchTheActiveExtentIsSealedForGc() throws Exception {
        Path vdir = dir.resolve("volume-2");
        byte[][] data = new byte[BLOCKS][];
        try (VolumeReplica v = createWithBlocks(vdir, data)) {
            HolePunch.refuse(vdir);
            assertFalse(v.punchesHoles());
            List<Extent> touched = new ArrayList<>();
            v.delete(LongStream.rangeClosed(1, BLOCKS / 5).toArray(), touched);
            DeletedSpace.commit(touched);
            assertEquals(0, v.stats().reclaimedBytes(), "nothing punched");
            v.sealActiveIfDeleted(0.3);
            assertTrue(v.sealedExtents().isEmpty(), "20 % deleted is below the threshold");
            v.delete(LongStream.rangeClosed(BLOCKS / 5 + 1, BLOCKS / 2).toArray(), touched);
            DeletedSpace.commit(touched);
            v.sealActiveIfDeleted(0.3);
            assertEquals(1, v.sealedExtents().size(), "50 % deleted: sealed, so GC compacts it");
        }
    }
}
