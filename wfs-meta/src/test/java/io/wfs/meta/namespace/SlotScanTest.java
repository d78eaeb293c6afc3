package io.wfs.meta.namespace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.posix.Posix;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SlotScanTest {
    private static final int FILE = Posix.S_IFREG | 0644;
    private static final int DIR = Posix.S_IFDIR | 0755;

    private static final class Collect implements SlotScan.Sink {
        final List<Long> inodes = new ArrayList<>();
        final List<String> entries = new ArrayList<>();

        @Override
        public void inode(long ino, InodeAttributes a) {
            inodes.add(ino);
        }

        @Override
        public void entry(long dir, long child, int typeCode) {
            entries.add(dir + ">" + child);
        }
    }

    /** Every inode and every entry exactly once, whatever the page limits, also across a big directory. */
    @Test
    void pagesVisitEveryInodeAndEntryOnce() {
        SlotState slot = new SlotState(3);
        long big = slot.createInode(DIR, 0, 0, InodeNumbers.ROOT, 1);
        Set<String> expectedEntries = new HashSet<>();
        Set<Long> expectedInodes = new HashSet<>(List.of(big));
        for (int i = 0; i < 50; i++) {
            long f = slot.createInode(FILE, 0, 0, big, 1);
            slot.insertEntry(big, ("f" + i).getBytes(StandardCharsets.UTF_8), f, FILE);
            expectedEntries.add(big + ">" + f);
            expectedInodes.add(f);
        }
        long small = slot.createInode(DIR, 0, 0, big, 1);
        expectedInodes.add(small);
        long gone = slot.createInode(FILE, 0, 0, small, 1);
        slot.removeInode(gone, new LongArrayList());
        for (int[] limits : new int[][] {{1, 1}, {3, 7}, {4096, 16384}, {2, 50}, {100, 49}}) {
            Collect c = new Collect();
            int pages = 0;
            SlotScan.Resume at = new SlotScan.Resume(0, 0);
            while (at.position() >= 0) {
                at = SlotScan.page(slot, at.position(), at.cookie(), limits[0], limits[1], c);
                pages++;
            }
            assertEquals(expectedInodes, new HashSet<>(c.inodes), "limits " + limits[0] + "/" + limits[1]);
            assertEquals(expectedInodes.size(), c.inodes.size(), "an inode listed twice");
            assertEquals(expectedEntries, new HashSet<>(c.entries));
            assertEquals(expectedEntries.size(), c.entries.size(), "an entry listed twice");
            assertEquals(true, pages >= Math.max(52 / limits[0], 50 / limits[1]));
        }
    }

    @Test
    void anEmptySlotIsDoneAtOnce() {
        Collect c = new Collect();
        assertEquals(SlotScan.Resume.DONE, SlotScan.page(new SlotState(5), 0, 0, 10, 10, c));
        assertEquals(0, c.inodes.size());
    }
}
