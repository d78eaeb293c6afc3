package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * Everything a cross-group rename decided before its first change, carried by each of its
 * steps and kept in the intents of the locked inodes, so that whoever finishes it (the
 * coordinator or, after a crash, a group's sweep) does exactly the same thing: the client's
 * {@link RenameRequest} as it came (the names, the flags, the header whose (session, seq) the
 * result is recorded under when the source entry changes) and what the leader resolved for it:
 * the moved inode M goes from (srcParent, srcName) to (dstParent, dstName), replacing R
 * ({@code replaced}, 0 when the name was free); with {@link RenameRequest#EXCHANGE}, R moves to
 * (srcParent, srcName) instead of losing its name.
 */
public final class RenamePlan {
    private RenameRequest request;
    private long moved;
    private int movedMode;
    private long replaced;
    private int replacedMode;

    public RenamePlan() {
    }

    public RenamePlan(RenameRequest request, long moved, int movedMode, long replaced, int replacedMode) {
        this.request = request;
        this.moved = moved;
        this.movedMode = movedMode;
        this.replaced = replaced;
        this.replacedMode = replacedMode;
    }

    /** The client's request this plan carries out. */
    public RenameRequest request() {
        return request;
    }

    public long srcParent() {
        return request.srcParent();
    }

    public byte[] srcName() {
        return request.srcName();
    }

    public long dstParent() {
        return request.dstParent();
    }

    public byte[] dstName() {
        return request.dstName();
    }

    public long moved() {
        return moved;
    }

    public int movedMode() {
        return movedMode;
    }

    public long replaced() {
        return replaced;
    }

    public int replacedMode() {
        return replacedMode;
    }

    public boolean exchange() {
        return request.flags() == RenameRequest.EXCHANGE;
    }

    /** The client's session and sequence number, under which the rename's result is recorded. */
    public long session() {
        return request.header().session();
    }

    public long seq() {
        return request.header().seq();
    }

    /** The parent {@code ino} (M or, in an exchange, R) has once the rename is done. */
    public long newParentOf(long ino) {
        return ino == moved ? dstParent() : srcParent();
    }

    public static void validate(RenamePlan plan) {
        Validate.notNull(plan, "plan");
        Validate.notNull(plan.request, "plan.request");
        plan.request.validate();
        Validate.check(plan.moved != 0, "plan.moved is 0");
        Validate.check(!plan.exchange() || plan.replaced != 0, "an exchange needs a replaced inode");
    }
}
