package io.wfs.common.msg.meta;

/** Takes, changes or releases a lock: POSIX record lock (fcntl) on [start, end] or BSD flock on the whole file; EAGAIN when another owner's lock conflicts. */
public final class SetLockRequest extends LockRangeRequest<OkReply> {
    public SetLockRequest() {
    }

    public SetLockRequest(MetaHeader header, long ino, int kind, int type, long start, long end, long owner) {
        super(header, ino, kind, type, start, end, owner);
    }

    @Override
    protected int maxType() {
        return UNLOCK;
    }
}
