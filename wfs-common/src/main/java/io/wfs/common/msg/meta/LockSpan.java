package io.wfs.common.msg.meta;

/**
 * One byte-range lock as both a lock request and an F_GETLK answer name it: its {@code type}
 * (READ, WRITE, UNLOCK), its range [start, end] (inclusive) and its {@code owner} within a session.
 */
public final class LockSpan {
    /** What a message without the field reads as: all zeros. */
    static final LockSpan NONE = new LockSpan();

    private int type;
    private long start;
    private long end;
    private long owner;

    public LockSpan() {
    }

    public LockSpan(int type, long start, long end, long owner) {
        this.type = type;
        this.start = start;
        this.end = end;
        this.owner = owner;
    }

    static LockSpan orNone(LockSpan span) {
        return span == null ? NONE : span;
    }

    /** A message that carries a lock span: its four accessors, declared once. */
    public interface Carrier {
        /** The span; never null ({@link #NONE} when the field is missing). */
        LockSpan span();

        default int type() {
            return span().type;
        }

        default long start() {
            return span().start;
        }

        default long end() {
            return span().end;
        }

        default long owner() {
            return span().owner;
        }
    }
}
