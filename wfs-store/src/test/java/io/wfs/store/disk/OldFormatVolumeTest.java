package io.wfs.store.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.store.gc.GarbageCollector;
import io.wfs.store.node.VolumeSet;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data folder written before per-chunk CRCs ({@link OldFormatVolume}) still loads and reads
 * after the upgrade: its blocks keep their whole-block CRC (checked whole on every read), new
 * blocks join its unsealed extent in the chunked format, a torn tail is still cut, a repair
 * writes a chunked copy, and GC copies old blocks verbatim in their own format.
 */
class OldFormatVolumeTest {
    private static final long EXTENT = 64L << 20;

    @TempDir
    Path dir;

    private Path volumeDir() {
        return dir.resolve("volume-1");
    }

    /** Blocks 1 (4 MiB), 2 (100,000 B) and 3 (5 B) live, block 4 written and deleted, all by the old format. */
    private Map<Long, byte[]> writeOldVolume() throws Exception {
        Map<Long, byte[]> live = new LinkedHashMap<>();
        try (OldFormatVolume old = new OldFormatVolume(volumeDir(), new VolumeDescriptor(1, List.of("a:1"), true))) {
            int[] sizes = {4 << 20, 100_000, 5};
            for (int i = 0; i < sizes.length; i++) {
                byte[] b = TestBlocks.random(sizes[i], i);
                old.append(i + 1, b);
                live.put((long) i + 1, b);
            }
            long at = old.append(4, TestBlocks.random(70_000, 4));
            old.tombstone(4, (int) at, 70_000);
        }
        return live;
    }

    private static void assertReads(VolumeReplica v, Map<Long, byte[]> blocks) throws Exception {
        for (var e : blocks.entrySet()) {
            assertArrayEquals(e.getValue(), v.read(e.getKey()), "block " + e.getKey());
        }
    }

    private void flip(VolumeReplica v, long blockId, long at) throws Exception {
        ExtentDamage.flip(volumeDir(), v.location(blockId), at, 1);
    }

    @Test
    void oldBlocksReadWholeNewBlocksJoinTheOldExtentChunkedAndATornTrailerIsCut() throws Exception {
        Map<Long, byte[]> blocks = writeOldVolume();
        byte[] fresh = TestBlocks.random(300_000, 5);
        try (VolumeReplica v = VolumeReplica.open(volumeDir(), EXTENT)) {
            assertReads(v, blocks);
            assertFalse(BlockLocation.isChunked(v.location(1)));
            BlockRange small = v.read(1, 1 << 20, 4096);
            assertArrayEquals(Arrays.copyOfRange(blocks.get(1L), 1 << 20, (1 << 20) + 4096), small.data());
            assertEquals(4 << 20, small.diskBytes(), "an old block has only its whole CRC: read whole");
            assertEquals(WfsErrorCode.ENOENT, assertThrows(WfsException.class, () -> v.read(4)).code());

            v.append(5, fresh, Crc.of(fresh), false);
            assertEquals(1, BlockLocation.extent(v.location(5)), "the old unsealed extent takes new blocks");
            assertTrue(BlockLocation.isChunked(v.location(5)));
            assertEquals(ChunkCrcs.CHUNK + 4, v.read(5, 70_000, 4096).diskBytes());
            byte[] torn = TestBlocks.random(100_000, 6);
            v.append(6, torn, Crc.of(torn), false);
        }
        blocks.put(5L, fresh);
        // A power loss took the last two bytes of block 6's trailer: its bytes are all there, its CRCs are not.
        Path data = volumeDir().resolve("extent-00000001.dat");
        try (FileChannel ch = FileChannel.open(data, StandardOpenOption.WRITE)) {
            ch.truncate(ch.size() - 2);
        }
        try (VolumeReplica v = VolumeReplica.open(volumeDir(), EXTENT)) {
            assertReads(v, blocks);
            assertEquals(WfsErrorCode.ENOENT, assertThrows(WfsException.class, () -> v.read(6)).code(), "the torn block is cut");
            assertEquals(4, v.stats().liveBlocks());
            assertFalse(BlockLocation.isChunked(v.location(2)), "old blocks keep their format across restarts");
            assertTrue(BlockLocation.isChunked(v.location(5)));
        }
    }

    @Test
    void damageAnywhereInAnOldBlockFailsEveryReadOfItAndItsRepairIsChunked() throws Exception {
        Map<Long, byte[]> blocks = writeOldVolume();
        byte[] good = blocks.get(2L);
        try (VolumeReplica v = VolumeReplica.open(volumeDir(), EXTENT)) {
            long damaged = v.location(2);
            flip(v, 2, 70_000);
            CorruptBlockException e = assertThrows(CorruptBlockException.class, () -> v.read(2, 0, 10),
                    "a range far from the damage still checks the whole old block");
            assertEquals(damaged, e.location());
            assertEquals(Crc.of(good), e.expectedCrc());
            assertTrue(v.repair(2, good, e.expectedCrc(), damaged).extent() != null);
            assertNotEquals(damaged, v.location(2));
            assertTrue(BlockLocation.isChunked(v.location(2)), "the good copy is written in the new format");
            assertReads(v, blocks);
        }
        try (VolumeReplica v = VolumeReplica.open(volumeDir(), EXTENT)) {
            assertReads(v, blocks);
            assertTrue(BlockLocation.isChunked(v.location(2)));
        }
    }

    @Test
    void deletesPunchOldBlocksAndGcCopiesThemVerbatimInTheirOwnFormat() throws Exception {
        Map<Long, byte[]> blocks = writeOldVolume();
        byte[] fresh = TestBlocks.random(200_000, 7);
        try (VolumeSet set = VolumeSet.open(List.of(dir), EXTENT, (volume, reason) -> { })) {
            VolumeReplica v = set.require(1);
            v.append(5, fresh, Crc.of(fresh), false);
            blocks.put(5L, fresh);
            List<Extent> touched = new ArrayList<>();
            assertEquals(1, v.delete(new long[] {1}, touched));
            blocks.remove(1L);
            DeletedSpace.commit(touched);
            if (v.punchesHoles()) {
                assertEquals((4 << 20) + 70_000, v.stats().reclaimedBytes(), "the old blocks' pages were punched");
            }
            v.sealActive();
            assertEquals(1, new GarbageCollector(set, 30, 1L << 40, new MetricRegistry()).runOnce().size());
            for (long id : blocks.keySet()) {
                assertNotEquals(1, BlockLocation.extent(v.location(id)), "block " + id + " moved by GC");
            }
            assertFalse(BlockLocation.isChunked(v.location(2)), "an old block is copied verbatim, whole CRC and all");
            assertTrue(BlockLocation.isChunked(v.location(5)));
            assertReads(v, blocks);
            flip(v, 3, 2);
            assertThrows(CorruptBlockException.class, () -> v.read(3), "damage in a GC-copied old block is still found");
        }
        try (VolumeReplica v = VolumeReplica.open(volumeDir(), EXTENT)) {
            assertArrayEquals(blocks.get(2L), v.read(2));
            assertArrayEquals(fresh, v.read(5));
            assertFalse(BlockLocation.isChunked(v.location(2)));
        }
    }
}
