package io.wfs.meta.ops;

import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.SetLockRequest;
import io.wfs.common.rpc.MessageType;

/**
 * fcntl F_SETLK and flock: takes, converts or releases a lock of (session, owner); EAGAIN on a
 * conflict. Blocking waits (F_SETLKW, flock without LOCK_NB) are the client's retry loop.
 */
public final class SetLockOp implements MetaOperation<SetLockRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.SET_LOCK;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public OkReply execute(MetaContext ctx, SetLockRequest req) {
        ctx.attributes(req.ino());
        long end = req.kind() == SetLockRequest.FLOCK ? SetLockRequest.TO_EOF : req.end();
        long start = req.kind() == SetLockRequest.FLOCK ? 0 : req.start();
        ctx.clients().locks().set(req.ino(), ctx.caller().session(), req.owner(), req.kind(), req.type(), start, end);
        return OkReply.INSTANCE;
    }
}
