package io.wfs.meta.namespace;

import static io.wfs.meta.namespace.DirectoryEntriesTest.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.posix.Posix;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class SnapshotTest {
    private static final int FILE = Posix.S_IFREG | 0644;
    private static final int DIR = Posix.S_IFDIR | 0755;

    /** A namespace touching every kind of state, built deterministically. */
    static Namespace sample() {
        Namespace ns = new Namespace();
        ns.addSlot(0);
        ns.addSlot(9);
        ns.addSlot(4095);
        ns.createRoot(0755, 0, 0, 1);
        SlotState root = ns.slot(0);
        SlotState nine = ns.slot(9);
        SlotState high = ns.slot(4095);
        LongArrayList freed = new LongArrayList();
        long dir = nine.createInode(DIR, 1, 1, InodeNumbers.ROOT, 2);
        root.insertEntry(InodeNumbers.ROOT, b("data"), dir, DIR);
        for (int i = 0; i < 50; i++) {
            long f = nine.createInode(FILE, 1, 1, dir, 3 + i);
            nine.insertEntry(dir, b("file-" + i), f, FILE);
            nine.files().addSlice(f, 0, 100 + i, 2, nine.allocateIds(1), 0, freed);
        }
        for (int i = 0; i < 50; i += 3) {
            long f = nine.removeEntry(dir, b("file-" + i));
            nine.removeInode(f, freed);
        }
        long big = nine.createInode(FILE, 1, 1, dir, 99);
        nine.insertEntry(dir, b("big"), big, FILE);
        for (int i = 0; i < 5; i++) {
            nine.files().addSlice(big, i * 1000L, 1000, 3, nine.allocateIds(1), i, freed);
        }
        nine.files().addSlice(big, 1500, 10, 3, nine.allocateIds(1), 0, freed);
        long sparse = nine.createInode(FILE, 1, 1, dir, 99);
        nine.insertEntry(dir, b("sparse"), sparse, FILE);
        nine.files().addSlice(sparse, 8192, 10, 3, nine.allocateIds(1), 0, freed);
        long link = nine.createSymlink(1, 1, dir, 5, b("file-1"));
        nine.insertEntry(dir, b("link"), link, Posix.S_IFLNK);
        long dev = nine.createInode(Posix.S_IFBLK | 0600, 0, 0, dir, 5, 0x801);
        nine.insertEntry(dir, b("sda1"), dev, Posix.S_IFBLK);
        nine.xattrs().set(big, b("user.checksum"), b("abc"), 0);
        nine.setFlags(dev, InodeFlags.LOCK);
        long other = high.createInode(DIR, 0, 0, dir, 7);
        nine.insertEntry(dir, b("far"), other, DIR);
        high.insertEntry(other, b("x"), high.createInode(FILE, 0, 0, other, 8), FILE);
        return ns;
    }

    static byte[] save(Namespace ns) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        NamespaceSnapshot.save(ns, out);
        return out.toByteArray();
    }

    @Test
    void namespaceRoundTripKeepsDigestAndContent() throws IOException {
        Namespace ns = sample();
        byte[] bytes = save(ns);
        Namespace loaded = NamespaceSnapshot.load(new ByteArrayInputStream(bytes));
        assertEquals(ns.digest(), loaded.digest());
        assertArrayEquals(new int[] {0, 9, 4095}, loaded.ownedSlots());
        assertArrayEquals(bytes, save(loaded), "canonical: re-saving gives the same bytes");
        assertEquals(ns.usedInodes(), loaded.usedInodes());
        assertEquals(ns.usedBytes(), loaded.usedBytes());
        SlotState nine = loaded.slot(9);
        long dir = loaded.slot(0).lookup(InodeNumbers.ROOT, b("data"));
        long big = nine.lookup(dir, b("big"));
        SliceList slices = new SliceList();
        nine.files().listSlices(big, slices);
        assertEquals(7, slices.count());
        assertArrayEquals(b("abc"), nine.xattrs().get(big, b("user.checksum")));
        assertArrayEquals(b("file-1"), nine.symlinkTarget(nine.lookup(dir, b("link"))));
        InodeAttributes attrs = new InodeAttributes();
        loaded.getAttributes(nine.lookup(dir, b("sda1")), attrs);
        assertEquals(0x801, attrs.rdev());
        assertTrue(attrs.locked());
        nine.files().listSlices(nine.lookup(dir, b("sparse")), slices);
        assertEquals(8192, slices.fileOffset(0));
    }

    @Test
    void loadedStateEvolvesExactlyLikeTheOriginal() throws IOException {
        Namespace ns = sample();
        Namespace loaded = NamespaceSnapshot.load(new ByteArrayInputStream(save(ns)));
        for (Namespace n : new Namespace[] {ns, loaded}) {
            SlotState nine = n.slot(9);
            long dir = n.slot(0).lookup(InodeNumbers.ROOT, b("data"));
            for (int i = 0; i < 10; i++) {
                nine.insertEntry(dir, b("after-" + i), nine.createInode(FILE, 0, 0, dir, 0), FILE);
            }
        }
        assertEquals(ns.digest(), loaded.digest(), "same free-position reuse and seq allocation");
        long dir = ns.slot(0).lookup(InodeNumbers.ROOT, b("data"));
        assertEquals(ns.slot(9).lookup(dir, b("after-3")), loaded.slot(9).lookup(dir, b("after-3")));
    }

    @Test
    void digestChangesWithAnyVisibleChange() {
        long base = sample().digest();
        assertEquals(base, sample().digest(), "deterministic");
        Map<String, Consumer<Namespace>> changes = Map.of(
            "mtime", ns -> ns.slot(9).setMtime(InodeNumbers.of(9, 1), 12345),
            "entry", ns -> ns.slot(0).insertEntry(InodeNumbers.ROOT, b("new"), InodeNumbers.of(9, 1), DIR),
            "xattr", ns -> ns.slot(9).xattrs().set(InodeNumbers.of(9, 1), b("user.z"), b("1"), 0),
            "slice", ns -> ns.slot(9).files().addSlice(ns.slot(9).lookup(InodeNumbers.of(9, 1), b("file-1")), 0, 1, 1, 42, 0,
                    new LongArrayList()),
            "counter", ns -> ns.slot(4095).allocateIds(1),
            "flags", ns -> ns.slot(9).setFlags(InodeNumbers.of(9, 1), InodeFlags.LOCK),
            "empty slot", ns -> ns.addSlot(100));
        for (Map.Entry<String, Consumer<Namespace>> change : changes.entrySet()) {
            Namespace ns = sample();
            change.getValue().accept(ns);
            assertNotEquals(base, ns.digest(), change.getKey());
        }
    }

    @Test
    void digestIgnoresInternalLayout() {
        // Same visible state reached through different record positions and arena histories.
        SlotState a = new SlotState(3);
        SlotState c = new SlotState(3);
        long dirA = a.createInode(DIR, 0, 0, 1, 0);
        long dirC = c.createInode(DIR, 0, 0, 1, 0);
        long tmp = c.createInode(FILE, 0, 0, dirC, 0);
        c.removeInode(tmp, new LongArrayList());
        a.allocateIds(1);
        long fa = a.createInode(FILE, 0, 0, dirA, 0);
        long fc = c.createInode(FILE, 0, 0, dirC, 0);
        assertEquals(fa, fc);
        a.insertEntry(dirA, b("n"), fa, FILE);
        c.insertEntry(dirC, b("n"), fc, FILE);
        assertEquals(a.digest(), c.digest());
    }

    @Test
    void freePositionOrderIsPartOfTheState() {
        SlotState a = new SlotState(3);
        SlotState c = new SlotState(3);
        for (SlotState s : new SlotState[] {a, c}) {
            long dir = s.createInode(DIR, 0, 0, 1, 0);
            s.insertEntry(dir, b("p"), 100, FILE);
            s.insertEntry(dir, b("q"), 101, FILE);
            s.insertEntry(dir, b("r"), 102, FILE);
        }
        long dir = InodeNumbers.of(3, 1);
        a.removeEntry(dir, b("p"));
        a.removeEntry(dir, b("q"));
        c.removeEntry(dir, b("q"));
        c.removeEntry(dir, b("p"));
        assertNotEquals(a.digest(), c.digest(), "next insert position differs");
    }

    @Test
    void slotRoundTripForMigration() throws IOException {
        Namespace source = sample();
        SlotState nine = source.removeSlot(9);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SlotSnapshot.save(nine, out);
        SlotState copy = SlotSnapshot.load(new ByteArrayInputStream(out.toByteArray()));
        assertEquals(nine.digest(), copy.digest());
        assertEquals(9, copy.slot());
        assertEquals(nine.nextSeq(), copy.nextSeq());
        assertEquals(nine.usedBytes(), copy.usedBytes());
        assertEquals(nine.usedInodes(), copy.usedInodes());
        Namespace target = new Namespace();
        target.installSlot(copy);
        assertTrue(target.contains(InodeNumbers.of(9, 1)));
    }

    @Test
    void corruptionIsDetected() throws IOException {
        byte[] bytes = save(sample());
        for (int at : new int[] {20, bytes.length / 2, bytes.length - 5, bytes.length - 1}) {
            byte[] bad = bytes.clone();
            bad[at] ^= 0x10;
            assertThrows(IOException.class, () -> NamespaceSnapshot.load(new ByteArrayInputStream(bad)), "flip at " + at);
        }
        byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length - 3);
        assertThrows(IOException.class, () -> NamespaceSnapshot.load(new ByteArrayInputStream(truncated)));
        byte[] badMagic = bytes.clone();
        badMagic[0] = 'X';
        assertThrows(IOException.class, () -> NamespaceSnapshot.load(new ByteArrayInputStream(badMagic)));
        byte[] badVersion = bytes.clone();
        badVersion[7] = 99;
        assertThrows(IOException.class, () -> NamespaceSnapshot.load(new ByteArrayInputStream(badVersion)));
        ByteArrayOutputStream slot = new ByteArrayOutputStream();
        SlotSnapshot.save(sample().slot(9), slot);
        assertThrows(IOException.class, () -> NamespaceSnapshot.load(new ByteArrayInputStream(slot.toByteArray())),
                "slot file is not a namespace file");
    }

    @Test
    void largeDirectorySurvivesRoundTrip() throws IOException {
        Namespace ns = new Namespace();
        SlotState s = ns.addSlot(0);
        ns.createRoot(0755, 0, 0, 0);
        for (int i = 0; i < 20_000; i++) {
            s.insertEntry(InodeNumbers.ROOT, b("entry-" + i), s.createInode(FILE, 0, 0, 1, i), FILE);
        }
        for (int i = 0; i < 20_000; i += 7) {
            s.removeInode(s.removeEntry(InodeNumbers.ROOT, b("entry-" + i)), new LongArrayList());
        }
        Namespace loaded = NamespaceSnapshot.load(new ByteArrayInputStream(save(ns)));
        assertEquals(ns.digest(), loaded.digest());
        assertEquals(s.directory(1).count(), loaded.slot(0).directory(1).count());
        assertEquals(0, loaded.slot(0).lookup(1, b("entry-7")));
        assertTrue(loaded.slot(0).lookup(1, b("entry-8")) != 0);
    }
    @Test
    void anyCorruptionOrTruncationIsAnIoException() throws IOException {
        byte[] bytes = save(sample());
        java.util.Random random = new java.util.Random(11);
        for (int trial = 0; trial < 300; trial++) {
            byte[] bad = bytes.clone();
            int at = random.nextInt(bad.length);
            bad[at] = (byte) (bad[at] ^ (1 + random.nextInt(255)));
            assertThrows(IOException.class, () -> NamespaceSnapshot.load(new ByteArrayInputStream(bad)), "byte " + at);
        }
        for (int length = 0; length < bytes.length; length += 1 + length / 8) {
            byte[] prefix = java.util.Arrays.copyOf(bytes, length);
            assertThrows(IOException.class, () -> NamespaceSnapshot.load(new ByteArrayInputStream(prefix)), "prefix " + length);
        }
    }

    @Test
    void bigSeqsSurviveRoundTrip() throws IOException {
        SlotState s = new SlotState(12);
        s.restoreCounters(1L << 40, 0);
        long dir = s.createInode(DIR, 0, 0, 1, 0);
        long file = s.createInode(FILE, 0, 0, dir, 0);
        s.insertEntry(dir, b("f"), file, FILE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SlotSnapshot.save(s, out);
        SlotState copy = SlotSnapshot.load(new ByteArrayInputStream(out.toByteArray()));
        assertEquals(s.digest(), copy.digest());
        assertEquals(file, copy.lookup(dir, b("f")));
        assertEquals(dir, copy.parent(file));
    }

    @Test
    void readdirCookieFromBeforeARestartContinuesAfterIt() throws IOException {
        Namespace ns = sample();
        long dir = ns.slot(0).lookup(InodeNumbers.ROOT, b("data"));
        java.util.List<Long> firstPage = new java.util.ArrayList<>();
        long cookie = ns.slot(9).directory(dir).readdir(0, 10, (n, a, o, l, ino, t) -> firstPage.add(ino));
        Namespace restarted = NamespaceSnapshot.load(new ByteArrayInputStream(save(ns)));
        java.util.List<Long> rest = new java.util.ArrayList<>();
        java.util.List<Long> expected = new java.util.ArrayList<>();
        restarted.slot(9).directory(dir).readdir(cookie, 1000, (n, a, o, l, ino, t) -> rest.add(ino));
        ns.slot(9).directory(dir).readdir(cookie, 1000, (n, a, o, l, ino, t) -> expected.add(ino));
        assertEquals(expected, rest);
        assertEquals(ns.slot(9).directory(dir).count(), firstPage.size() + rest.size());
    }
}
