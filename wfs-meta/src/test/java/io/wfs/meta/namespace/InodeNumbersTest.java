package io.wfs.meta.namespace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.posix.Posix;
import org.junit.jupiter.api.Test;

class InodeNumbersTest {
    @Test
    void rootIsSlotZeroSeqOne() {
        assertEquals(1L, InodeNumbers.ROOT);
        assertEquals(0, InodeNumbers.slotOf(InodeNumbers.ROOT));
        assertEquals(1L, InodeNumbers.seqOf(InodeNumbers.ROOT));
        assertEquals(InodeNumbers.ROOT, InodeNumbers.of(0, 1));
    }

    @Test
    void encodesSlotInTopTwelveBits() {
        long ino = InodeNumbers.of(5, 42);
        assertEquals((5L << 52) | 42, ino);
        assertEquals(5, InodeNumbers.slotOf(ino));
        assertEquals(42, InodeNumbers.seqOf(ino));
    }

    @Test
    void highSlotsRoundTripThoughNegative() {
        long ino = InodeNumbers.of(4095, InodeNumbers.MAX_SEQ);
        assertTrue(ino < 0, "slot 4095 sets the sign bit");
        assertEquals(4095, InodeNumbers.slotOf(ino));
        assertEquals(InodeNumbers.MAX_SEQ, InodeNumbers.seqOf(ino));
        assertEquals(-1L, ino);
    }

    @Test
    void rejectsOutOfRange() {
        assertThrows(IllegalArgumentException.class, () -> InodeNumbers.of(4096, 1));
        assertThrows(IllegalArgumentException.class, () -> InodeNumbers.of(-1, 1));
        assertThrows(IllegalArgumentException.class, () -> InodeNumbers.of(0, 0));
        assertThrows(IllegalArgumentException.class, () -> InodeNumbers.of(0, InodeNumbers.MAX_SEQ + 1));
    }

    @Test
    void fileTypeCodes() {
        assertEquals(4, FileType.typeCode(Posix.S_IFDIR | 0755));
        assertEquals(8, FileType.typeCode(Posix.S_IFREG | 0644));
        assertEquals(10, FileType.typeCode(Posix.S_IFLNK | 0777));
        assertEquals(Posix.S_IFDIR, FileType.typeBitsOfCode(4));
        assertTrue(FileType.isDevice(Posix.S_IFCHR));
        assertTrue(FileType.isDevice(Posix.S_IFBLK));
        assertThrows(IllegalArgumentException.class, () -> FileType.checkValid(0644));
        assertThrows(IllegalArgumentException.class, () -> FileType.checkValid(0x10000 | Posix.S_IFREG));
    }
}
