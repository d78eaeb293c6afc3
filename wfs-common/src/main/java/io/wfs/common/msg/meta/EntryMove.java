package io.wfs.common.msg.meta;

/**
 * The two entries of a rename, carried by {@link RenameRequest} and {@link RenamePlan}: the entry
 * (srcParent, srcName) moves to (dstParent, dstName).
 */
public final class EntryMove {
    /** What a message without the field reads as: zeros and null names, refused by {@link #validate}. */
    static final EntryMove NONE = new EntryMove();

    private long srcParent;
    private byte[] srcName;
    private long dstParent;
    private byte[] dstName;

    public EntryMove() {
    }

    public EntryMove(long srcParent, byte[] srcName, long dstParent, byte[] dstName) {
        this.srcParent = srcParent;
        this.srcName = srcName;
        this.dstParent = dstParent;
        this.dstName = dstName;
    }

    public long srcParent() {
        return srcParent;
    }

    public byte[] srcName() {
        return srcName;
    }

    public long dstParent() {
        return dstParent;
    }

    public byte[] dstName() {
        return dstName;
    }

    /** Both names must be valid names to create or look up. */
    void validate() {
        MetaNames.check(srcName, "srcName");
        MetaNames.check(dstName, "dstName");
    }

    static EntryMove orNone(EntryMove move) {
        return move == null ? NONE : move;
    }

    /** A message that carries an entry move: its four accessors, declared once. */
    public interface Carrier {
        /** The move; never null ({@link #NONE} when the field is missing). */
        EntryMove move();

        default long srcParent() {
            return move().srcParent();
        }

        default byte[] srcName() {
            return move().srcName();
        }

        default long dstParent() {
            return move().dstParent();
        }

        default byte[] dstName() {
            return move().dstName();
        }
    }
}
