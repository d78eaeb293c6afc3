package io.wfs.common.lock;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A lock a session holds on one inode, as its client announces it to a meta group's new leader
 * (AnnounceOpensRequest, docs/metadata.md "Locks"). Packed {@value #BYTES} bytes each, in one byte
 * array field: ino, owner, kind, type, start, end.
 */
public record HeldLock(long ino, long owner, int kind, int type, long start, long end) {
    public static final int BYTES = 8 + 8 + 1 + 1 + 8 + 8;
    /** More locks than one announcement may carry (about 6.8 MB, inside a frame). */
    public static final int MAX_LOCKS = 200_000;

    public static byte[] encode(List<HeldLock> locks) {
        ByteBuffer b = ByteBuffer.allocate(locks.size() * BYTES);
        for (HeldLock l : locks) {
            b.putLong(l.ino).putLong(l.owner).put((byte) l.kind).put((byte) l.type).putLong(l.start).putLong(l.end);
        }
        return b.array();
    }

    /** The locks {@code packed} holds; BAD_REQUEST when it is not a whole number of valid locks. */
    public static List<HeldLock> decode(byte[] packed) {
        if (packed == null || packed.length == 0) {
            return List.of();
        }
        if (packed.length % BYTES != 0 || packed.length / BYTES > MAX_LOCKS) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "held locks: " + packed.length + " bytes is not a whole number of "
                    + BYTES + "-byte locks up to " + MAX_LOCKS);
        }
        ByteBuffer b = ByteBuffer.wrap(packed);
        List<HeldLock> out = new ArrayList<>(packed.length / BYTES);
        try {
            while (b.hasRemaining()) {
                HeldLock l = new HeldLock(b.getLong(), b.getLong(), b.get(), b.get(), b.getLong(), b.getLong());
                l.check();
                out.add(l);
            }
        } catch (BufferUnderflowException e) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "held locks: truncated");
        }
        return out;
    }

    private void check() {
        if (kind < 1 || kind > 2 || type < 1 || type > 2 || start < 0 || end < start) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "held lock on inode " + ino + ": kind " + kind + ", type " + type
                    + ", range [" + start + ", " + end + "] is not a lock");
        }
    }
}
