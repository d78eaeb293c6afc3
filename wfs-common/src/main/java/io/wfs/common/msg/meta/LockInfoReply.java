package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/** The conflicting lock F_GETLK reports ({@code found} false: the lock could be taken). */
public final class LockInfoReply implements Response, LockSpan.Carrier {
    private boolean found;
    private LockSpan span;
    private long session;

    public LockInfoReply() {
    }

    public LockInfoReply(boolean found, int type, long start, long end, long owner, long session) {
        this.found = found;
        this.span = new LockSpan(type, start, end, owner);
        this.session = session;
    }

    public boolean found() {
        return found;
    }

    @Override
    public LockSpan span() {
        return LockSpan.orNone(span);
    }

    public long session() {
        return session;
    }
}
