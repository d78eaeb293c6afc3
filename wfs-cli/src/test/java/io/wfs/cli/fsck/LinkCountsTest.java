package io.wfs.cli.fsck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Link counts in memory and spilled to temporary files give the same counts, however fed. */
class LinkCountsTest {
    @TempDir
    Path temp;

    @Test
    void spilledCountsEqualTheCountsInMemory() throws Exception {
        Random r = new Random(7);
        long[] inos = new long[5_000];
        for (int i = 0; i < inos.length; i++) {
            // Slots above 2047 make negative inode numbers: they must bucket and read back alike.
            inos[i] = ((long) r.nextInt(4096) << 52) | (1 + r.nextInt(1 << 20));
        }
        try (LinkCounts memory = new LinkCounts(Integer.MAX_VALUE, temp);
             LinkCounts spilled = new LinkCounts(1_000, temp)) {
            for (int k = 0; k < 20_000; k++) {
                long ino = inos[r.nextInt(inos.length)];
                if (r.nextInt(3) == 0) {
                    int nlink = r.nextInt(5);
                    memory.recorded(ino, nlink);
                    spilled.recorded(ino, nlink);
                } else {
                    memory.named(ino);
                    spilled.named(ino);
                }
            }
            assertFalse(memory.spilled());
            assertTrue(spilled.spilled(), "more inodes than its table holds");
            assertEquals(counts(memory), counts(spilled));
        }
        try (Stream<Path> left = Files.list(temp)) {
            assertEquals(0, left.count(), "temporary files removed on close");
        }
    }

    @Test
    void aSecondRecordOfAnInodeReplacesTheFirstAndAnUnrecordedOneCountsMinusOne() {
        try (LinkCounts spilled = new LinkCounts(1, temp)) {
            spilled.recorded(5, 3);
            spilled.named(5);
            spilled.recorded(5, 1);
            spilled.named(9);
            spilled.named(9);
            assertEquals(Map.of(5L, "1/1", 9L, "-1/2"), counts(spilled));
        }
    }

    @Test
    void aSpillFolderThatCannotBeMadeIsAClearError() {
        try (LinkCounts counts = new LinkCounts(1, temp.resolve("missing"))) {
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> {
                counts.recorded(1, 1);
                counts.recorded(2, 1);
            });
            assertTrue(e.getMessage().contains("temporary files under"), e.getMessage());
        }
    }

    private static Map<Long, String> counts(LinkCounts c) {
        Map<Long, String> out = new TreeMap<>();
        c.forEach((ino, nlink, named) -> out.put(ino, nlink + "/" + named));
        return out;
    }
}
