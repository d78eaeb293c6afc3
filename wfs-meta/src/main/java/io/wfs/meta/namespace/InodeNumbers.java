package io.wfs.meta.namespace;

/**
 * Inode numbers and block ids: {@code slot << 52 | seq} (docs/metadata.md, "Placement").
 * The slot occupies the top 12 bits, so inodes of slots >= 2048 are negative as Java longs;
 * compare them with {@link Long#compareUnsigned} where order matters.
 */
public final class InodeNumbers {
    public static final int SLOT_COUNT = 4096;
    public static final int SEQ_BITS = 52;
    public static final long MAX_SEQ = (1L << SEQ_BITS) - 1;
    /** The root directory: slot 0, seq 1. */
    public static final long ROOT = 1L;

    private InodeNumbers() {
    }

    public static long of(int slot, long seq) {
        checkSlot(slot);
        if (seq <= 0 || seq > MAX_SEQ) {
            throw new IllegalArgumentException("seq out of range: " + seq);
        }
        return ((long) slot << SEQ_BITS) | seq;
    }

    public static int slotOf(long ino) {
        return (int) (ino >>> SEQ_BITS);
    }

    public static long seqOf(long ino) {
        return ino & MAX_SEQ;
    }

    public static void checkSlot(int slot) {
        if (slot < 0 || slot >= SLOT_COUNT) {
            throw new IllegalArgumentException("slot out of range: " + slot);
        }
    }

    public static String toString(long ino) {
        return slotOf(ino) + ":" + seqOf(ino);
    }
}
