package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * One cross-group lock flag, named by what identifies it: the inode it is set on and the time
 * (the leader's clock) it was taken. A later lock on the same inode has another time, so a step or
 * a resolution names exactly the lock it was meant for.
 */
public final class LockFlag {
    private long ino;
    private long lockTimeNs;

    public LockFlag() {
    }

    public LockFlag(long ino, long lockTimeNs) {
        this.ino = ino;
        this.lockTimeNs = lockTimeNs;
    }

    public long ino() {
        return ino;
    }

    public long lockTimeNs() {
        return lockTimeNs;
    }

    public static void validate(LockFlag lock) {
        Validate.notNull(lock, "lock");
        Validate.check(lock.ino != 0, "no inode given");
        Validate.check(lock.lockTimeNs > 0, "lockTimeNs must be positive");
    }
}
