package io.wfs.common.lock;

/** One held lock: who (session, owner), what (kind, read/write) and where ([start, end], inclusive). */
public record LockRange(long session, long owner, int kind, int type, long start, long end) {
    boolean sameOwner(long s, long o, int k) {
        return session == s && owner == o && kind == k;
    }

    boolean overlaps(long from, long to) {
        return start <= to && from <= end;
    }

    /** A write lock conflicts with anything; read locks only with writes. */
    boolean conflictsWith(int otherType) {
        return type == 2 || otherType == 2;
    }
}
