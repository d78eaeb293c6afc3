package io.wfs.store.disk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VolumeReplicaTest {
    private static final long EXTENT = 8L << 20;

    @TempDir
    Path dir;

    private VolumeReplica create() throws Exception {
        return VolumeReplica.create(dir.resolve("volume-1"), new VolumeDescriptor(1, List.of("127.0.0.1:1"), true), EXTENT);
    }

    private static byte[] random(Random r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    @Test
    void blocksOfOneByteToFourMibReadBackExactlyAtAlignedOffsets() throws Exception {
        Random r = new Random(1);
        int[] sizes = {1, 2, 100, 4095, 4096, 4097, 65536, 1 << 20, (1 << 20) + 3, 3 << 20, 4 << 20};
        Map<Long, byte[]> written = new LinkedHashMap<>();
        try (VolumeReplica v = create()) {
            long id = 1;
            for (int size : sizes) {
                byte[] data = random(r, size);
                v.append(id, data, Crc.of(data), false);
                written.put(id++, data);
            }
            for (var e : written.entrySet()) {
                assertArrayEquals(e.getValue(), v.read(e.getKey()), "block " + e.getKey());
                long loc = v.location(e.getKey());
                assertEquals(0, BlockLocation.offset(loc) % 4096, "offset of block " + e.getKey());
                assertEquals(e.getValue().length, BlockLocation.length(loc));
            }
            assertTrue(v.stats().extents() > 1, "8 MiB extents rolled over");
        }
        try (VolumeReplica v = VolumeReplica.open(dir.resolve("volume-1"), EXTENT)) {
            for (var e : written.entrySet()) {
                assertArrayEquals(e.getValue(), v.read(e.getKey()), "block " + e.getKey() + " after restart");
                assertEquals(0, BlockLocation.offset(v.location(e.getKey())) % 4096);
            }
        }
    }

    @Test
    void retryOfTheSameBlockIsANoOpButOtherBytesAreRefused() throws Exception {
        try (VolumeReplica v = create()) {
            byte[] a = {1, 2, 3};
            v.append(7, a, Crc.of(a), false);
            assertEquals(null, v.append(7, a, Crc.of(a), false).extent());
            byte[] b = {4, 5, 6};
            WfsException e = assertThrows(WfsException.class, () -> v.append(7, b, Crc.of(b), false));
            assertEquals(WfsErrorCode.EEXIST, e.code());
            assertEquals(1, v.stats().liveBlocks());
        }
    }

    @Test
    void restartCutsATornTailAndKeepsEveryCompleteBlock() throws Exception {
        Random r = new Random(2);
        Map<Long, byte[]> written = new LinkedHashMap<>();
        Path vdir = dir.resolve("volume-1");
        try (VolumeReplica v = create()) {
            for (long id = 1; id <= 20; id++) {
                byte[] data = random(r, 1 + r.nextInt(200_000));
                v.append(id, data, Crc.of(data), false);
                written.put(id, data);
            }
            // Closed without sealing or fsync, as a killed process leaves it.
        }
        Path data = vdir.resolve("extent-00000001.dat");
        Path index = vdir.resolve("extent-00000001.idx");
        long goodData = Files.size(data);
        long goodIndex = Files.size(index);
        // A torn tail: a block whose index record reached the disk but only part of its bytes,
        // then half of another index record.
        long tornOffset = BlockLocation.align(goodData);
        byte[] torn = random(r, 50_000);
        try (var ch = java.nio.channels.FileChannel.open(data, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(torn, 0, 10_000), tornOffset);
        }
        ByteBuffer rec = ByteBuffer.allocate(IndexRecord.BYTES + 17);
        IndexRecord.block(99, 100, (int) tornOffset, torn.length, Crc.of(torn)).writeTo(rec);
        rec.put(new byte[17]);
        Files.write(index, rec.array(), StandardOpenOption.APPEND);

        try (VolumeReplica v = VolumeReplica.open(vdir, EXTENT)) {
            for (var e : written.entrySet()) {
                assertArrayEquals(e.getValue(), v.read(e.getKey()), "acknowledged block " + e.getKey());
            }
            assertThrows(WfsException.class, () -> v.read(99), "the torn block is gone");
            assertEquals(goodData, Files.size(data), "data file cut after the last good block");
            assertEquals(goodIndex, Files.size(index), "index cut after the last good record");
            byte[] next = random(r, 5000);
            v.append(21, next, Crc.of(next), false);
            assertArrayEquals(next, v.read(21));
            assertEquals(0, BlockLocation.offset(v.location(21)) % 4096);
        }
    }

    @Test
    void deletesAreIdempotentTombstonedAndSurviveRestart() throws Exception {
        Path vdir = dir.resolve("volume-1");
        try (VolumeReplica v = create()) {
            for (long id = 1; id <= 10; id++) {
                byte[] d = new byte[4096];
                d[0] = (byte) id;
                v.append(id, d, Crc.of(d), false);
            }
            List<Extent> touched = new ArrayList<>();
            assertEquals(3, v.delete(new long[] {2, 4, 6}, touched));
            assertEquals(0, v.delete(new long[] {2, 4, 6, 1000}, touched), "second delete finds nothing");
            assertEquals(3 * 4096, v.stats().deletedBytes());
        }
        try (VolumeReplica v = VolumeReplica.open(vdir, EXTENT)) {
            assertEquals(7, v.stats().liveBlocks());
            assertEquals(3 * 4096, v.stats().deletedBytes());
            WfsException e = assertThrows(WfsException.class, () -> v.read(4));
            assertEquals(WfsErrorCode.ENOENT, e.code());
            assertEquals(5, v.read(5)[0]);
        }
    }

    @Test
    void aReplacedCopyWinsOverTheOldOneAfterRestart() throws Exception {
        Path vdir = dir.resolve("volume-1");
        byte[] good = {9, 9, 9, 9};
        try (VolumeReplica v = create()) {
            v.append(1, good, Crc.of(good), false);
            v.sealActive();
            v.append(1, good, Crc.of(good), true);
            assertEquals(2, v.stats().extents());
            assertEquals(good.length, v.stats().deletedBytes());
        }
        try (VolumeReplica v = VolumeReplica.open(vdir, EXTENT)) {
            assertArrayEquals(good, v.read(1));
            assertEquals(2, BlockLocation.extent(v.location(1)));
            assertEquals(good.length, v.stats().deletedBytes());
            assertEquals(1, v.stats().liveBlocks());
        }
    }
}
