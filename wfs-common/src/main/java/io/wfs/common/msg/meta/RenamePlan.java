package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * Everything a cross-group rename decided before its first change, carried by each of its
 * steps and kept in the intents of the locked inodes, so that whoever finishes it (the
 * coordinator or, after a crash, a group's sweep) does exactly the same thing: the moved inode
 * M goes from (srcParent, srcName) to (dstParent, dstName), replacing R ({@code replaced}, 0
 * when the name was free); with {@code exchange}, R moves to (srcParent, srcName) instead of
 * losing its name. (session, seq) are the client's, recorded when the source entry changes.
 */
public final class RenamePlan {
    private long srcParent;
    private byte[] srcName;
    private long dstParent;
    private byte[] dstName;
    private long moved;
    private int movedMode;
    private long replaced;
    private int replacedMode;
    private boolean exchange;
    private long session;
    private long seq;

    public RenamePlan() {
    }

    public RenamePlan(long srcParent, byte[] srcName, long dstParent, byte[] dstName, long moved, int movedMode,
                      long replaced, int replacedMode, boolean exchange, long session, long seq) {
        this.srcParent = srcParent;
        this.srcName = srcName;
        this.dstParent = dstParent;
        this.dstName = dstName;
        this.moved = moved;
        this.movedMode = movedMode;
        this.replaced = replaced;
        this.replacedMode = replacedMode;
        this.exchange = exchange;
        this.session = session;
        this.seq = seq;
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

    public long moved() {
        return moved;
    }

    public int movedMode() {
        return movedMode;
    }

    /** The inode the destination name named before, 0 when it was free. */
    public long replaced() {
        return replaced;
    }

    public int replacedMode() {
        return replacedMode;
    }

    public boolean exchange() {
        return exchange;
    }

    public long session() {
        return session;
    }

    public long seq() {
        return seq;
    }

    /** The parent {@code ino} (M or, in an exchange, R) has once the rename is done. */
    public long newParentOf(long ino) {
        return ino == moved ? dstParent : srcParent;
    }

    public static void validate(RenamePlan plan) {
        Validate.notNull(plan, "plan");
        MetaNames.check(plan.srcName, "srcName");
        MetaNames.check(plan.dstName, "dstName");
        Validate.check(plan.moved != 0, "plan.moved is 0");
        Validate.check(!plan.exchange || plan.replaced != 0, "an exchange needs a replaced inode");
    }
}
