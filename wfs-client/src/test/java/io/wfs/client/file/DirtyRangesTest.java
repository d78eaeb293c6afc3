package io.wfs.client.file;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The write buffer against a plain byte array: random overlapping writes, truncates, blocks. */
class DirtyRangesTest {
    @Test
    void randomWritesAndTruncatesReadBackLikeAFlatArray() {
        for (long seed = 1; seed <= 20; seed++) {
            Random r = new Random(seed);
            DirtyRanges dirty = new DirtyRanges();
            byte[] model = new byte[1 << 16];
            boolean[] written = new boolean[model.length];
            int size = 0;
            for (int op = 0; op < 300; op++) {
                if (r.nextInt(10) == 0) {
                    int newSize = r.nextInt(model.length);
                    dirty.truncate(newSize);
                    for (int i = newSize; i < model.length; i++) {
                        written[i] = false;
                    }
                    size = Math.min(size, newSize);
                    continue;
                }
                int offset = r.nextInt(model.length - 5000);
                byte[] data = new byte[1 + r.nextInt(4999)];
                r.nextBytes(data);
                dirty.write(offset, data.clone());
                System.arraycopy(data, 0, model, offset, data.length);
                Arrays.fill(written, offset, offset + data.length, true);
                size = Math.max(size, offset + data.length);
            }
            byte[] out = new byte[model.length];
            dirty.overlay(0, out, out.length);
            long bytes = 0;
            for (int i = 0; i < model.length; i++) {
                if (written[i]) {
                    bytes++;
                    assertEquals(model[i], out[i], "seed " + seed + " offset " + i);
                } else {
                    assertEquals(0, out[i], "seed " + seed + " offset " + i);
                }
            }
            assertEquals(bytes, dirty.bytes(), "seed " + seed);
            byte[] fromBlocks = new byte[model.length];
            for (DirtyRanges.Block b : dirty.blocks(4096)) {
                assertTrue(b.data().length <= 4096);
                System.arraycopy(b.data(), 0, fromBlocks, (int) b.fileOffset(), b.data().length);
            }
            assertArrayEquals(out, fromBlocks, "seed " + seed);
        }
    }

    @Test
    void sequentialWritesBecomeFullBlocks() {
        DirtyRanges dirty = new DirtyRanges();
        for (int i = 0; i < 10; i++) {
            dirty.write(i * 1000L, new byte[1000]);
        }
        List<DirtyRanges.Block> blocks = dirty.blocks(4096);
        assertEquals(List.of(0L, 4096L, 8192L), blocks.stream().map(DirtyRanges.Block::fileOffset).toList());
        assertEquals(List.of(4096, 4096, 1808), blocks.stream().map(b -> b.data().length).toList());
        assertEquals(10_000, dirty.end());
    }

    @Test
    void aGapStartsANewBlock() {
        DirtyRanges dirty = new DirtyRanges();
        dirty.write(0, new byte[10]);
        dirty.write(100, new byte[10]);
        assertEquals(List.of(0L, 100L), dirty.blocks(4096).stream().map(DirtyRanges.Block::fileOffset).toList());
    }
}
