package io.wfs.store.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VolumeReplica#repair}: a good copy replaces exactly the damaged copy it was fetched for,
 * also across a restart; a block deleted, or already replaced, while its good copy was being
 * fetched is left as it is (a repair must never bring a deleted block back).
 */
class VolumeRepairTest {
    private static final long EXTENT = 8L << 20;

    @TempDir
    Path dir;

    private Path volumeDir() {
        return dir.resolve("volume-1");
    }

    private static byte[] block(int seed) {
        byte[] b = new byte[50_000];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Flips one byte of the copy at {@code location}. */
    private void damage(long location) throws Exception {
        ExtentDamage.flip(volumeDir(), location, 7, 1);
    }

    @Test
    void aRepairReplacesTheDamagedCopyAndTheRepairSurvivesARestart() throws Exception {
        byte[] good = block(1);
        long damaged;
        try (VolumeReplica v = VolumeReplica.create(volumeDir(), new VolumeDescriptor(1, List.of("a:1"), false), EXTENT)) {
            v.append(5, good, Crc.of(good), false);
            damaged = v.location(5);
            damage(damaged);
            CorruptBlockException e = assertThrows(CorruptBlockException.class, () -> v.read(5));
            assertEquals(damaged, e.location());
            assertEquals(Crc.of(good), e.expectedCrc());
            VolumeReplica.Appended a = v.repair(5, good, Crc.of(good), damaged);
            a.extent().force();
            assertNotEquals(damaged, v.location(5));
            assertArrayEquals(good, v.read(5));
            assertEquals(1, v.stats().liveBlocks());
        }
        try (VolumeReplica v = VolumeReplica.open(volumeDir(), EXTENT)) {
            assertArrayEquals(good, v.read(5), "the repaired copy wins after a restart (higher version)");
            assertEquals(1, v.stats().liveBlocks());
        }
    }

    @Test
    void aBlockDeletedWhileItsGoodCopyWasFetchedStaysDeleted() throws Exception {
        byte[] good = block(2);
        try (VolumeReplica v = VolumeReplica.create(volumeDir(), new VolumeDescriptor(1, List.of("a:1"), true), EXTENT)) {
            v.append(5, good, Crc.of(good), false);
            long damaged = v.location(5);
            damage(damaged);
            List<Extent> touched = new ArrayList<>();
            assertEquals(1, v.delete(new long[] {5}, touched));
            DeletedSpace.commit(touched);
            assertNull(v.repair(5, good, Crc.of(good), damaged).extent(), "nothing written for a deleted block");
            assertEquals(WfsErrorCode.ENOENT, assertThrows(WfsException.class, () -> v.read(5)).code());
        }
        try (VolumeReplica v = VolumeReplica.open(volumeDir(), EXTENT)) {
            assertEquals(WfsErrorCode.ENOENT, assertThrows(WfsException.class, () -> v.read(5)).code());
            assertEquals(0, v.stats().liveBlocks());
        }
    }

    @Test
    void aSecondRepairOfTheSameDamageWritesNothing() throws Exception {
        byte[] good = block(3);
        try (VolumeReplica v = VolumeReplica.create(volumeDir(), new VolumeDescriptor(1, List.of("a:1"), true), EXTENT)) {
            v.append(5, good, Crc.of(good), false);
            long damaged = v.location(5);
            damage(damaged);
            assertTrue(v.repair(5, good, Crc.of(good), damaged).extent() != null);
            long repaired = v.location(5);
            assertNull(v.repair(5, good, Crc.of(good), damaged).extent(), "the damage was already repaired");
            assertEquals(repaired, v.location(5));
            assertEquals(1, v.stats().liveBlocks());
        }
    }
}
