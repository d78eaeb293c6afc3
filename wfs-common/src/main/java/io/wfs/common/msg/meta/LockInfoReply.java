package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The conflicting lock F_GETLK reports, and the session holding it ({@code found} false: the lock could be taken). */
public final class LockInfoReply implements Response {
    private boolean found;
    private LockRange lock;
    private long session;

    public LockInfoReply() {
    }

    public LockInfoReply(boolean found, int type, long start, long end, long owner, long session) {
        this.found = found;
        this.lock = new LockRange(type, start, end, owner);
        this.session = session;
    }

    public boolean found() {
        return found;
    }

    public int type() {
        return lock == null ? 0 : lock.type();
    }

    public long start() {
        return lock == null ? 0 : lock.start();
    }

    public long end() {
        return lock == null ? 0 : lock.end();
    }

    public long owner() {
        return lock == null ? 0 : lock.owner();
    }

    public long session() {
        return session;
    }
}
