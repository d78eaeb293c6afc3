package io.wfs.meta.namespace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.posix.Posix;
import org.junit.jupiter.api.Test;

class NamespaceTest {
    @Test
    void slotsAreAddedRemovedAndInstalled() {
        Namespace ns = new Namespace();
        SlotState five = ns.addSlot(5);
        ns.addSlot(2);
        assertArrayEquals(new int[] {2, 5}, ns.ownedSlots());
        assertTrue(ns.owns(5));
        assertSame(five, ns.slot(5));
        assertThrows(IllegalStateException.class, () -> ns.addSlot(5));
        assertSame(five, ns.removeSlot(5));
        assertNull(ns.removeSlot(5));
        assertFalse(ns.owns(5));
        assertNull(ns.slot(5));
        ns.installSlot(five);
        assertSame(five, ns.slot(5));
        assertThrows(IllegalArgumentException.class, () -> ns.slot(4096));
    }

    @Test
    void rootIsInodeOneInSlotZero() {
        Namespace ns = new Namespace();
        assertThrows(IllegalStateException.class, () -> ns.createRoot(0755, 0, 0, 0));
        ns.addSlot(0);
        assertEquals(InodeNumbers.ROOT, ns.createRoot(0755, 0, 0, 10));
        InodeAttributes attrs = new InodeAttributes();
        ns.getAttributes(InodeNumbers.ROOT, attrs);
        assertEquals(Posix.S_IFDIR | 0755, attrs.mode());
        assertEquals(InodeNumbers.ROOT, attrs.parent());
        assertThrows(IllegalStateException.class, () -> ns.createRoot(0755, 0, 0, 0));
    }

    @Test
    void inodesOfUnownedSlotsAreNotOwner() {
        Namespace ns = new Namespace();
        ns.addSlot(1);
        long ino = ns.slot(1).createInode(Posix.S_IFREG | 0600, 0, 0, 1, 0);
        assertTrue(ns.contains(ino));
        assertSame(ns.slot(1), ns.slotOf(ino));
        long elsewhere = InodeNumbers.of(2, 1);
        assertFalse(ns.contains(elsewhere));
        NamespaceException e = assertThrows(NamespaceException.class,
                () -> ns.getAttributes(elsewhere, new InodeAttributes()));
        assertEquals(NamespaceException.Code.NOT_OWNER, e.code());
        assertEquals(NamespaceException.Code.ENOENT, assertThrows(NamespaceException.class,
                () -> ns.getAttributes(InodeNumbers.of(1, 50), new InodeAttributes())).code());
    }

    @Test
    void totalsSumOwnedSlots() {
        Namespace ns = new Namespace();
        ns.addSlot(1).createInode(Posix.S_IFREG | 0600, 0, 0, 1, 0);
        SlotState two = ns.addSlot(2);
        long f = two.createInode(Posix.S_IFREG | 0600, 0, 0, 1, 0);
        two.files().truncate(f, 123, new it.unimi.dsi.fastutil.longs.LongArrayList());
        assertEquals(2, ns.usedInodes());
        assertEquals(123, ns.usedBytes());
    }
}
