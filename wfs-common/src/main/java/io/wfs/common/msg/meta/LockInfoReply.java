package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/**
 * The conflicting lock F_GETLK reports ({@code found} false: the lock could be taken). Its (type,
 * start, end, owner) stay flat, as in {@link LockRangeRequest}: see there why they are not shared.
 */
public final class LockInfoReply implements Response {
    private boolean found;
    private int type;
    private long start;
    private long end;
    private long owner;
    private long session;

    public LockInfoReply() {
    }

    public LockInfoReply(boolean found, int type, long start, long end, long owner, long session) {
        this.found = found;
        this.type = type;
        this.start = start;
        this.end = end;
        this.owner = owner;
        this.session = session;
    }

    public boolean found() {
        return found;
    }

    public int type() {
        return type;
    }

    public long start() {
        return start;
    }

    public long end() {
        return end;
    }

    public long owner() {
        return owner;
    }

    public long session() {
        return session;
    }
}
