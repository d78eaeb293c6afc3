package io.wfs.meta.namespace;

import static io.wfs.meta.namespace.DirectoryEntriesTest.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.posix.Posix;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SlotStateTest {
    private static final int FILE = Posix.S_IFREG | 0644;
    private static final int DIR = Posix.S_IFDIR | 0755;

    private final SlotState slot = new SlotState(7);
    private final LongArrayList freed = new LongArrayList();
    private final InodeAttributes attrs = new InodeAttributes();

    private static NamespaceException.Code code(Runnable action) {
        return assertThrows(NamespaceException.class, action::run).code();
    }

    @Test
    void createAndReadAttributes() {
        long dir = slot.createInode(DIR, 10, 20, InodeNumbers.ROOT, 1000);
        long file = slot.createInode(FILE, 11, 21, dir, 2000);
        assertEquals(InodeNumbers.of(7, 1), dir);
        assertEquals(InodeNumbers.of(7, 2), file);
        slot.getAttributes(file, attrs);
        assertEquals(file, attrs.ino());
        assertEquals(FILE, attrs.mode());
        assertEquals(11, attrs.uid());
        assertEquals(21, attrs.gid());
        assertEquals(1, attrs.nlink());
        assertEquals(0, attrs.size());
        assertEquals(2000, attrs.atimeNs());
        assertEquals(2000, attrs.mtimeNs());
        assertEquals(2000, attrs.ctimeNs());
        assertEquals(dir, attrs.parent());
        assertEquals(0, attrs.flags());
        slot.getAttributes(dir, attrs);
        assertEquals(2, attrs.nlink());
        assertTrue(FileType.isDirectory(attrs.mode()));
        assertEquals(0, slot.directory(dir).count());
    }

    @Test
    void negativeUidAndTimesSurvive() {
        long file = slot.createInode(FILE, -2, Integer.MAX_VALUE, InodeNumbers.ROOT, -5);
        slot.getAttributes(file, attrs);
        assertEquals(-2, attrs.uid());
        assertEquals(Integer.MAX_VALUE, attrs.gid());
        assertEquals(-5, attrs.mtimeNs());
    }

    @Test
    void settersChangeOnlyTheirField() {
        long file = slot.createInode(FILE, 1, 2, InodeNumbers.ROOT, 100);
        slot.setPermissions(file, 04711 | Posix.S_IFDIR);
        slot.setOwner(file, 5, 6);
        slot.setNlink(file, 3);
        slot.setAtime(file, 7);
        slot.setMtime(file, 8);
        slot.setCtime(file, 9);
        slot.setParent(file, 12345);
        slot.setFlags(file, InodeFlags.LOCK);
        slot.getAttributes(file, attrs);
        assertEquals(Posix.S_IFREG | 04711, attrs.mode(), "type kept");
        assertEquals(5, attrs.uid());
        assertEquals(6, attrs.gid());
        assertEquals(3, attrs.nlink());
        assertEquals(7, attrs.atimeNs());
        assertEquals(8, attrs.mtimeNs());
        assertEquals(9, attrs.ctimeNs());
        assertEquals(12345, attrs.parent());
        assertTrue(attrs.locked());
        assertEquals(InodeFlags.LOCK, slot.flags(file));
        slot.setFlags(file, 0);
        assertEquals(0, slot.flags(file));
        assertThrows(IllegalArgumentException.class, () -> slot.setFlags(file, 1 << 8));
    }

    @Test
    void callerFlagsDoNotDisturbInternalFlags() {
        long file = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        slot.files().addSlice(file, 0, 10, 1, 100, 0, freed);
        slot.files().addSlice(file, 10, 10, 1, 101, 0, freed);
        slot.xattrs().set(file, b("user.a"), b("v"), 0);
        slot.setFlags(file, InodeFlags.LOCK);
        slot.setFlags(file, 0);
        SliceList list = new SliceList();
        slot.files().listSlices(file, list);
        assertEquals(2, list.count());
        assertArrayEquals(b("v"), slot.xattrs().get(file, b("user.a")));
    }

    @Test
    void unknownAndForeignInodesAreEnoent() {
        assertEquals(NamespaceException.Code.ENOENT, code(() -> slot.getAttributes(InodeNumbers.of(7, 99), attrs)));
        long file = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        long sameSeqOtherSlot = InodeNumbers.of(8, InodeNumbers.seqOf(file));
        assertEquals(NamespaceException.Code.ENOENT, code(() -> slot.getAttributes(sameSeqOtherSlot, attrs)));
        assertFalse(slot.contains(sameSeqOtherSlot));
        assertTrue(slot.contains(file));
    }

    @Test
    void directoryOperationsThroughTheSlot() {
        long dir = slot.createInode(DIR, 0, 0, InodeNumbers.ROOT, 0);
        long file = slot.createInode(FILE, 0, 0, dir, 0);
        long foreignDir = InodeNumbers.of(99, 5);
        slot.insertEntry(dir, b("f"), file, FILE);
        slot.insertEntry(dir, b("sub"), foreignDir, DIR);
        assertEquals(file, slot.lookup(dir, b("f")));
        assertEquals(foreignDir, slot.lookup(dir, b("sub")));
        assertEquals(FileType.typeCode(DIR), slot.directory(dir).lookupType(b("sub")));
        assertEquals(NamespaceException.Code.ENOTDIR, code(() -> slot.insertEntry(file, b("x"), dir, DIR)));
        assertEquals(NamespaceException.Code.ENOTEMPTY, code(() -> slot.removeInode(dir, freed)));
        assertEquals(file, slot.removeEntry(dir, b("f")));
        slot.removeEntry(dir, b("sub"));
        slot.removeInode(dir, freed);
        assertFalse(slot.contains(dir));
    }

    @Test
    void countersFollowCreateRemoveAndSizes() {
        assertEquals(1, slot.nextSeq());
        long first = slot.allocateIds(10);
        assertEquals(InodeNumbers.of(7, 1), first);
        assertEquals(11, slot.nextSeq());
        long a = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        long c = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        assertEquals(InodeNumbers.of(7, 11), a);
        assertEquals(2, slot.usedInodes());
        slot.files().addSlice(a, 0, 1000, 1, first, 0, freed);
        slot.files().truncate(c, 5000, freed);
        assertEquals(6000, slot.usedBytes());
        slot.files().truncate(a, 400, freed);
        assertEquals(5400, slot.usedBytes());
        slot.removeInode(c, freed);
        assertEquals(400, slot.usedBytes());
        assertEquals(1, slot.usedInodes());
        assertEquals(13, slot.nextSeq(), "seqs are never reused");
        assertThrows(NamespaceException.class, () -> slot.allocateIds(0));
    }

    @Test
    void singleSliceStaysInlineAndMoreGoToOverflowAndBack() {
        long file = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        SliceList list = new SliceList();
        slot.files().addSlice(file, 0, 100, 3, 500, 16, freed);
        slot.files().listSlices(file, list);
        assertEquals(List.of("0:100@500+16v3"), SliceListTest.describe(list));
        assertEquals(100, slot.size(file));
        slot.files().addSlice(file, 100, 100, 4, 501, 0, freed);
        slot.files().addSlice(file, 50, 10, 4, 502, 0, freed);
        slot.files().listSlices(file, list);
        assertEquals(List.of("0:50@500+16v3", "50:10@502+0v4", "60:40@500+76v3", "100:100@501+0v4"),
                SliceListTest.describe(list));
        assertEquals(200, slot.size(file));
        assertTrue(freed.isEmpty());
        slot.files().truncate(file, 40, freed);
        slot.files().listSlices(file, list);
        assertEquals(List.of("0:40@500+16v3"), SliceListTest.describe(list));
        assertEquals(LongArrayList.of(502, 501), freed);
        freed.clear();
        slot.files().addSlice(file, 0, 40, 3, 503, 0, freed);
        assertEquals(LongArrayList.of(500), freed, "inline slice shadowed");
        assertEquals(40, slot.size(file));
    }

    @Test
    void loneSliceNotAtZeroAndSparseFiles() {
        long file = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        slot.files().addSlice(file, 4096, 10, 1, 600, 0, freed);
        assertEquals(4106, slot.size(file));
        SliceList list = new SliceList();
        slot.files().listSlices(file, list);
        assertEquals(List.of("4096:10@600+0v1"), SliceListTest.describe(list));
        slot.files().truncate(file, 100, freed);
        slot.files().listSlices(file, list);
        assertEquals(0, list.count());
        assertEquals(LongArrayList.of(600), freed);
        assertEquals(100, slot.size(file));
    }

    @Test
    void removeInodeFreesEveryBlock() {
        long file = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        slot.files().addSlice(file, 0, 10, 1, 700, 0, freed);
        slot.files().addSlice(file, 10, 10, 1, 701, 0, freed);
        slot.files().addSlice(file, 20, 10, 1, 700, 10, freed);
        slot.removeInode(file, freed);
        assertEquals(LongArrayList.of(700, 701), freed);
        long small = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        slot.files().addSlice(small, 0, 10, 1, 800, 0, freed);
        freed.clear();
        slot.removeInode(small, freed);
        assertEquals(LongArrayList.of(800), freed);
        assertEquals(0, slot.usedBytes());
    }

    @Test
    void slicesOnlyOnRegularFiles() {
        long dir = slot.createInode(DIR, 0, 0, InodeNumbers.ROOT, 0);
        long fifo = slot.createInode(Posix.S_IFIFO | 0600, 0, 0, InodeNumbers.ROOT, 0);
        assertEquals(NamespaceException.Code.EISDIR, code(() -> slot.files().addSlice(dir, 0, 1, 1, 1, 0, freed)));
        assertEquals(NamespaceException.Code.EINVAL, code(() -> slot.files().truncate(fifo, 0, freed)));
        long file = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        assertEquals(NamespaceException.Code.EINVAL, code(() -> slot.files().truncate(file, -1, freed)));
    }

    @Test
    void symlinkTargets() {
        long link = slot.createSymlink(1, 2, InodeNumbers.ROOT, 50, b("../target/file"));
        slot.getAttributes(link, attrs);
        assertEquals(Posix.S_IFLNK | 0777, attrs.mode());
        assertEquals(14, attrs.size());
        assertArrayEquals(b("../target/file"), slot.symlinkTarget(link));
        long file = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        assertEquals(NamespaceException.Code.EINVAL, code(() -> slot.symlinkTarget(file)));
        assertEquals(NamespaceException.Code.ENOENT, code(() -> slot.createSymlink(0, 0, 1, 0, new byte[0])));
        assertEquals(NamespaceException.Code.ENAMETOOLONG, code(() -> slot.createSymlink(0, 0, 1, 0, new byte[4097])));
        assertThrows(IllegalArgumentException.class, () -> slot.createInode(Posix.S_IFLNK | 0777, 0, 0, 1, 0));
        slot.removeInode(link, freed);
        assertFalse(slot.contains(link));
    }

    @Test
    void deviceNumbers() {
        long dev = slot.createInode(Posix.S_IFCHR | 0600, 0, 0, InodeNumbers.ROOT, 0, 0x0501L);
        long fifo = slot.createInode(Posix.S_IFIFO | 0600, 0, 0, InodeNumbers.ROOT, 0, 0x0501L);
        slot.getAttributes(dev, attrs);
        assertEquals(0x0501L, attrs.rdev());
        slot.getAttributes(fifo, attrs);
        assertEquals(0, attrs.rdev(), "rdev only for devices");
    }

    @Test
    void xattrsWithCreateAndReplaceFlags() {
        long file = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        assertEquals(List.of(), slot.xattrs().list(file));
        assertEquals(NamespaceException.Code.ENODATA, code(() -> slot.xattrs().get(file, b("user.x"))));
        assertEquals(NamespaceException.Code.ENODATA, code(() -> slot.xattrs().set(file, b("user.x"), b("1"), Xattrs.REPLACE)));
        slot.xattrs().set(file, b("user.x"), b("1"), Xattrs.CREATE);
        slot.xattrs().set(file, b("security.selinux"), b("ctx"), 0);
        assertEquals(NamespaceException.Code.EEXIST, code(() -> slot.xattrs().set(file, b("user.x"), b("2"), Xattrs.CREATE)));
        slot.xattrs().set(file, b("user.x"), b("2"), Xattrs.REPLACE);
        assertArrayEquals(b("2"), slot.xattrs().get(file, b("user.x")));
        List<byte[]> names = slot.xattrs().list(file);
        assertEquals(2, names.size());
        assertArrayEquals(b("security.selinux"), names.get(0), "sorted by bytes");
        assertArrayEquals(b("user.x"), names.get(1));
        slot.xattrs().set(file, b("user.empty"), new byte[0], 0);
        assertEquals(0, slot.xattrs().get(file, b("user.empty")).length);
        slot.xattrs().remove(file, b("user.x"));
        slot.xattrs().remove(file, b("user.empty"));
        assertEquals(NamespaceException.Code.ENODATA, code(() -> slot.xattrs().remove(file, b("user.x"))));
        slot.xattrs().remove(file, b("security.selinux"));
        assertEquals(List.of(), slot.xattrs().list(file));
        assertEquals(NamespaceException.Code.ENODATA, code(() -> slot.xattrs().remove(file, b("user.x"))));
        assertEquals(NamespaceException.Code.E2BIG, code(() -> slot.xattrs().set(file, b("user.big"), new byte[65537], 0)));
        assertEquals(NamespaceException.Code.ENAMETOOLONG, code(() -> slot.xattrs().set(file, new byte[256], b("v"), 0)));
        assertEquals(NamespaceException.Code.EINVAL, code(() -> slot.xattrs().set(file, b("user.f"), b("v"), 3)));
    }

    @Test
    void returnedValuesAreCopies() {
        long file = slot.createInode(FILE, 0, 0, InodeNumbers.ROOT, 0);
        byte[] value = b("abc");
        slot.xattrs().set(file, b("user.a"), value, 0);
        value[0] = 'z';
        slot.xattrs().get(file, b("user.a"))[1] = 'z';
        assertArrayEquals(b("abc"), slot.xattrs().get(file, b("user.a")));
    }

    @Test
    void seqsBeyond32BitsAreIndexedCorrectly() {
        slot.restoreCounters((1L << 32) - 2, 0);
        Map<Long, Integer> uidByIno = new HashMap<>();
        for (int i = 0; i < 6; i++) {
            long ino = slot.createInode(FILE, i, 0, InodeNumbers.ROOT, 0);
            uidByIno.put(ino, i);
        }
        slot.restoreCounters((1L << 33) + 1, 0);
        long aliasOfLow = slot.createInode(FILE, 100, 0, InodeNumbers.ROOT, 0);
        uidByIno.put(aliasOfLow, 100);
        for (Map.Entry<Long, Integer> e : uidByIno.entrySet()) {
            slot.getAttributes(e.getKey(), attrs);
            assertEquals((int) e.getValue(), attrs.uid(), InodeNumbers.toString(e.getKey()));
        }
        assertFalse(slot.contains(InodeNumbers.of(7, 1)), "low 32 bits of a big seq do not alias");
        slot.removeInode(aliasOfLow, freed);
        assertFalse(slot.contains(aliasOfLow));
        assertEquals(6, slot.usedInodes());
    }

    @Test
    void randomCreateRemoveAgainstAModel() {
        Random random = new Random(3);
        Map<Long, Integer> model = new HashMap<>();
        List<Long> live = new java.util.ArrayList<>();
        for (int step = 0; step < 60_000; step++) {
            if (live.isEmpty() || random.nextInt(3) != 0) {
                int uid = random.nextInt();
                long ino = slot.createInode(FILE, uid, 0, InodeNumbers.ROOT, step);
                model.put(ino, uid);
                live.add(ino);
            } else {
                long ino = live.remove(random.nextInt(live.size()));
                slot.removeInode(ino, freed);
                model.remove(ino);
                assertFalse(slot.contains(ino));
            }
        }
        assertEquals(model.size(), slot.usedInodes());
        for (Map.Entry<Long, Integer> e : model.entrySet()) {
            slot.getAttributes(e.getKey(), attrs);
            assertEquals((int) e.getValue(), attrs.uid());
        }
    }
}
