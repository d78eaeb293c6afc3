package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** What the leader did about one inode {@code wfs fsck --repair} named, and why, in words. */
public final class RepairInodeReply implements Response {
    /** Nothing: the inode is fine now, gone, or not safe to touch ({@link #detail} says which). */
    public static final int NOTHING = 0;
    public static final int LOCK_CLEARED = 1;
    public static final int RECLAIMED = 2;
    /** An expired cross-group lock finished by the sweep's steps: the operation stands. */
    public static final int LOCK_COMMITTED = 3;
    /** An expired cross-group lock finished by the sweep's steps: the operation was undone. */
    public static final int LOCK_UNDONE = 4;

    private int outcome;
    private String detail;

    public RepairInodeReply() {
    }

    public RepairInodeReply(int outcome, String detail) {
        this.outcome = outcome;
        this.detail = detail;
    }

    public int outcome() {
        return outcome;
    }

    public String detail() {
        return detail;
    }

    public boolean repaired() {
        return outcome != NOTHING;
    }
}
