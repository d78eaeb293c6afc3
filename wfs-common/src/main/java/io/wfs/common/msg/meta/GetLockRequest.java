package io.wfs.common.msg.meta;

/** F_GETLK: the first lock of another owner that would conflict with the described one, if any (read or write, never unlock). */
public final class GetLockRequest extends LockRangeRequest<LockInfoReply> {
    public GetLockRequest() {
    }

    public GetLockRequest(MetaHeader header, long ino, int kind, int type, long start, long end, long owner) {
        super(header, ino, kind, type, start, end, owner);
    }

    @Override
    protected int maxType() {
        return WRITE;
    }
}
