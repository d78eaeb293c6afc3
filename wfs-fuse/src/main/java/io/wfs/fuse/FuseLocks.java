package io.wfs.fuse;

import io.wfs.client.WfsFile;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.LockInfoReply;
import io.wfs.common.msg.meta.LockRangeRequest;
import io.wfs.common.posix.Posix;
import ru.serce.jnrfuse.struct.Flock;
import ru.serce.jnrfuse.struct.FuseFileInfo;

/**
 * fcntl record locks and flock through the metadata servers, so that they hold across mounts.
 * The owner is the kernel's lock owner of the handle (per open file description for flock, per
 * process for POSIX locks, as the kernel computes it).
 */
final class FuseLocks {
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

    /**
     * False when this mount never locked the file: then its session holds no lock there and an
     * unlock has nothing to do. libfuse sends one (F_UNLCK of the whole file) with every flush
     * of a file system that implements locks, so without this check every close cost a Raft entry.
     */
    private boolean everLocked(WfsFile file) {
        synchronized (lockedFiles) {
            return lockedFiles.contains(file.ino());
        }
    }

    int lock(FuseFileInfo fi, int cmd, Flock flock) {
        WfsFile file = fuse.handles.get(fi.fh.get());
        long owner = fi.lock_owner.get();
        int type = switch (flock.l_type.get()) {
            case Posix.F_RDLCK -> LockRangeRequest.READ;
            case Posix.F_WRLCK -> LockRangeRequest.WRITE;
            default -> LockRangeRequest.UNLOCK;
        };
        long start = flock.l_start.get();
        long len = flock.l_len.get();
        long end = len == 0 ? LockRangeRequest.TO_EOF : start + len - 1;
        if (cmd == Posix.F_GETLK) {
            LockInfoReply found = fuse.fs.testLock(file, LockRangeRequest.POSIX, type, start, end, owner);
            if (found == null) {
                flock.l_type.set(Posix.F_UNLCK);
            } else {
                flock.l_type.set(found.type() == LockRangeRequest.WRITE ? Posix.F_WRLCK : Posix.F_RDLCK);
                flock.l_start.set(found.start());
                flock.l_len.set(found.end() == LockRangeRequest.TO_EOF ? 0 : found.end() - found.start() + 1);
                // Another client's process: its pid means nothing here.
                flock.l_pid.set(0);
            }
            return 0;
        }
        if (cmd != Posix.F_SETLK && cmd != Posix.F_SETLKW) {
            return -WfsErrorCode.EINVAL.errno();
        }
        if (type == LockRangeRequest.UNLOCK && !everLocked(file)) {
            return 0;
        }
        locking(file);
        lockWaiting(() -> fuse.fs.lock(file, LockRangeRequest.POSIX, type, start, end, owner, cmd == Posix.F_SETLKW),
                cmd == Posix.F_SETLKW);
        return 0;
    }

    /**
     * Runs a lock request that may wait for another process's unlock (F_SETLKW, blocking flock) on
     * this FUSE thread: the mount's loops keep a thread free for that unlock (FuseLoops#blocking),
     * or waiters on as many threads as the mount has would wait for an unlock nobody can serve.
     */
    private void lockWaiting(Runnable lock, boolean mayWait) {
        FuseLoops loops = mayWait ? fuse.loops() : null;
        if (loops == null) {
            lock.run();
            return;
        }
        loops.blockingWaitStarts();
        try {
            lock.run();
        } finally {
            loops.blockingWaitEnds();
        }
    }

    int flock(FuseFileInfo fi, int op) {
        WfsFile file = fuse.handles.get(fi.fh.get());
        int type = (op & Posix.LOCK_UN) != 0 ? LockRangeRequest.UNLOCK
                : (op & Posix.LOCK_EX) != 0 ? LockRangeRequest.WRITE : LockRangeRequest.READ;
        if ((op & (Posix.LOCK_SH | Posix.LOCK_EX | Posix.LOCK_UN)) == 0) {
            return -WfsErrorCode.EINVAL.errno();
        }
        if (type == LockRangeRequest.UNLOCK && !everLocked(file)) {
            return 0;
        }
        locking(file);
        boolean mayWait = (op & Posix.LOCK_NB) == 0 && type != LockRangeRequest.UNLOCK;
        lockWaiting(() -> fuse.fs.lock(file, LockRangeRequest.FLOCK, type, 0, LockRangeRequest.TO_EOF,
                fi.lock_owner.get(), mayWait), mayWait);
        return 0;
    }

    /** A released handle's locks go with it (close(2) drops the process's POSIX locks on the file). */
    void released(WfsFile file, FuseFileInfo fi) {
        if (!everLocked(file)) {
            return;
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
