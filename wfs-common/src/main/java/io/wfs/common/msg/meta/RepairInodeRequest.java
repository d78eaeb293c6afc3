package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * {@code wfs fsck --repair}: repair what is wrong with one inode, if it still is (root only).
 * The client sends {@link #DECIDE}; the group's leader looks at the inode again and decides
 * (docs/reliability.md, "What --repair does"): a lock whose intent expired is finished by the
 * lock sweep's own steps, and the two repairs that are a log entry of their own travel as
 * {@link #CLEAR_LOCK} or {@link #RECLAIM}, re-checked by the apply on every replica.
 */
public final class RepairInodeRequest extends InodeRequest<RepairInodeReply> {
    /** As a client sends it: the leader decides. */
    public static final int DECIDE = 0;
    /** Clear a lock flag that no cross-group intent explains. */
    public static final int CLEAR_LOCK = 1;
    /** Delete a regular file that has no links and that no session holds open, with its blocks. */
    public static final int RECLAIM = 2;

    private int action;

    public RepairInodeRequest() {
    }

    public RepairInodeRequest(MetaHeader header, long ino) {
        this(header, ino, DECIDE);
    }

    public RepairInodeRequest(MetaHeader header, long ino, int action) {
        super(header, ino);
        this.action = action;
    }

    public int action() {
        return action;
    }

    /** The same request with the leader's decision. */
    public RepairInodeRequest decided(int decision) {
        return new RepairInodeRequest(header(), ino(), decision);
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(action, "action", DECIDE, RECLAIM);
    }
}
