package io.wfs.fuse;

import io.wfs.client.WfsFile;
import io.wfs.common.msg.meta.LockInfoReply;
import io.wfs.common.msg.meta.LockRangeRequest;
import ru.serce.jnrfuse.struct.Flock;
import ru.serce.jnrfuse.struct.FuseFileInfo;

/**
 * fcntl record locks and flock through the metadata servers, so that they hold across mounts.
 * The owner is the kernel's lock owner of the handle (per open file description for flock, per
 * process for POSIX locks, as the kernel computes it).
 */
final class FuseLocks {
    private static final int F_GETLK = 5;
    private static final int F_SETLK = 6;
    private static final int F_SETLKW = 7;
    private static final int LINUX_F_RDLCK = 0;
    private static final int LINUX_F_WRLCK = 1;
    private static final int LINUX_F_UNLCK = 2;
    private static final int LOCK_SH = 1;
    private static final int LOCK_EX = 2;
    private static final int LOCK_NB = 4;
    private static final int LOCK_UN = 8;

    private final WfsFuse fuse;
    /**
     * Files this mount ever locked: only their releases send unlocks. Without it every close
     * would cost two Raft entries for locks nobody took (most files are never locked).
     */
    private final it.unimi.dsi.fastutil.longs.LongOpenHashSet lockedFiles = new it.unimi.dsi.fastutil.longs.LongOpenHashSet();

    FuseLocks(WfsFuse fuse) {
        this.fuse = fuse;
    }

    private void locking(WfsFile file) {
        synchronized (lockedFiles) {
            lockedFiles.add(file.ino());
        }
    }

    int lock(FuseFileInfo fi, int cmd, Flock flock) {
        WfsFile file = fuse.handles.get(fi.fh.get());
        long owner = fi.lock_owner.get();
        int type = switch (flock.l_type.get()) {
            case LINUX_F_RDLCK -> LockRangeRequest.READ;
            case LINUX_F_WRLCK -> LockRangeRequest.WRITE;
            default -> LockRangeRequest.UNLOCK;
        };
        long start = flock.l_start.get();
        long len = flock.l_len.get();
        long end = len == 0 ? LockRangeRequest.TO_EOF : start + len - 1;
        if (cmd == F_GETLK) {
            LockInfoReply found = fuse.fs.testLock(file, LockRangeRequest.POSIX, type, start, end, owner);
            if (found == null) {
                flock.l_type.set(LINUX_F_UNLCK);
            } else {
                flock.l_type.set(found.type() == LockRangeRequest.WRITE ? LINUX_F_WRLCK : LINUX_F_RDLCK);
                flock.l_start.set(found.start());
                flock.l_len.set(found.end() == LockRangeRequest.TO_EOF ? 0 : found.end() - found.start() + 1);
                // Another client's process: its pid means nothing here.
                flock.l_pid.set(0);
            }
            return 0;
        }
        if (cmd != F_SETLK && cmd != F_SETLKW) {
            return -22; // EINVAL
        }
        locking(file);
        fuse.fs.lock(file, LockRangeRequest.POSIX, type, start, end, owner, cmd == F_SETLKW);
        return 0;
    }

    int flock(FuseFileInfo fi, int op) {
        WfsFile file = fuse.handles.get(fi.fh.get());
        int type = (op & LOCK_UN) != 0 ? LockRangeRequest.UNLOCK
                : (op & LOCK_EX) != 0 ? LockRangeRequest.WRITE : LockRangeRequest.READ;
        if ((op & (LOCK_SH | LOCK_EX | LOCK_UN)) == 0) {
            return -22;
        }
        locking(file);
        fuse.fs.lock(file, LockRangeRequest.FLOCK, type, 0, LockRangeRequest.TO_EOF, fi.lock_owner.get(),
                (op & LOCK_NB) == 0);
        return 0;
    }

    /** A released handle's locks go with it (close(2) drops the process's POSIX locks on the file). */
    void released(WfsFile file, FuseFileInfo fi) {
        synchronized (lockedFiles) {
            if (!lockedFiles.contains(file.ino())) {
                return;
            }
        }
        try {
            fuse.fs.lock(file, LockRangeRequest.POSIX, LockRangeRequest.UNLOCK, 0, LockRangeRequest.TO_EOF,
                    fi.lock_owner.get(), false);
            // release comes with the last close of the open file description, which owns its flock.
            fuse.fs.lock(file, LockRangeRequest.FLOCK, LockRangeRequest.UNLOCK, 0, LockRangeRequest.TO_EOF,
                    fi.lock_owner.get(), false);
        } catch (RuntimeException e) {
            // The session's expiry releases what this could not.
        }
    }
}
