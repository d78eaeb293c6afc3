package io.wfs.meta.ops;

import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.SessionHeartbeatRequest;
import io.wfs.common.rpc.MessageType;

/**
 * Keeps a session alive in this group. The renewal itself is the session table's record of the
 * command's time (every mutation with a session renews it). Only clients that open files send
 * heartbeats, so the session is also recorded as an opener: a new leader waits for its
 * announcement before releasing orphans.
 */
public final class SessionHeartbeatOp implements MetaOperation<SessionHeartbeatRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.SESSION_HEARTBEAT;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public OkReply execute(MetaContext ctx, SessionHeartbeatRequest req) {
        ctx.clients().openFiles().markOpener(ctx.caller().session());
        return OkReply.INSTANCE;
    }
}
