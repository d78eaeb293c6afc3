package io.wfs.meta.namespace;

/**
 * Layout of one inode record: {@value #WORDS} longs (80 bytes) in an {@link InodeTable} page.
 * The record holds everything a small file needs, including its single slice, so a typical
 * file costs no other per-file structure than its directory entry and its index slot.
 * The inline slice always starts at file offset 0 (a small file written once from the start),
 * which saves a word per inode; a lone slice elsewhere goes to the overflow map.
 *
 * <pre>
 * word 0  mode(16) | flags(16) | nlink(32)
 * word 1  uid(32) | gid(32)
 * word 2  size
 * word 3  atime ns      word 4  mtime ns      word 5  ctime ns
 * word 6  parent ino
 * word 7  inline slice: block id
 * word 8  inline slice: length(32) | volume(32)
 * word 9  low 32 bits of seq | inline slice: offset in block(32)
 * </pre>
 * A free record has mode 0 (no live inode has type 0); its word 1 links the free list.
 */
final class InodeRecord {
    static final int WORDS = 10;

    static final int MODE_FLAGS_NLINK = 0;
    static final int OWNER = 1;
    static final int SIZE = 2;
    static final int ATIME = 3;
    static final int MTIME = 4;
    static final int CTIME = 5;
    static final int PARENT = 6;
    static final int SLICE_BLOCK = 7;
    static final int SLICE_LENGTH_VOLUME = 8;
    static final int SEQ_BLOCK_OFFSET = 9;
    static final int FREE_NEXT = OWNER;

    private InodeRecord() {
    }

    static long packModeFlagsNlink(int mode, int flags, int nlink) {
        return ((long) (mode & 0xFFFF) << 48) | ((long) (flags & 0xFFFF) << 32) | (nlink & 0xFFFFFFFFL);
    }

    static int mode(long word0) {
        return (int) (word0 >>> 48);
    }

    static int flags(long word0) {
        return (int) (word0 >>> 32) & 0xFFFF;
    }

    static int nlink(long word0) {
        return (int) word0;
    }

    static long packHalves(int high, int low) {
        return ((long) high << 32) | (low & 0xFFFFFFFFL);
    }

    static int high(long word) {
        return (int) (word >>> 32);
    }

    static int low(long word) {
        return (int) word;
    }
}
