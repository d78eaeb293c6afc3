package io.wfs.meta.ops;

import io.wfs.common.msg.meta.GetLockRequest;
import io.wfs.common.msg.meta.LockInfoReply;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.lock.LockRange;

/** fcntl F_GETLK: the first conflicting lock of another owner, if any, from the leader's memory (SetLockOp). */
public final class GetLockOp implements MetaOperation<GetLockRequest, LockInfoReply> {
    @Override
    public MessageType type() {
        return MessageType.GET_LOCK;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public LockInfoReply execute(MetaContext ctx, GetLockRequest req) {
        ctx.attributes(req.ino());
        LockRange l = ctx.leaderOpens().locks().conflict(ctx.caller().session(), req.ino(), req.owner(), req.kind(), req.type(),
                req.lockStart(), req.lockEnd(), ctx.timeNs());
        return l == null ? new LockInfoReply(false, 0, 0, 0, 0, 0)
                : new LockInfoReply(true, l.type(), l.start(), l.end(), l.owner(), l.session());
    }
}
