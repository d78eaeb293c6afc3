package io.wfs.meta.ops;

import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.SessionHeartbeatRequest;
import io.wfs.common.msg.meta.SetLockRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeNumbers;
import java.util.concurrent.CompletableFuture;

/**
 * fcntl F_SETLK and flock: takes, converts or releases a lock of (session, owner); EAGAIN on a
 * conflict. Blocking waits (F_SETLKW, flock without LOCK_NB) are the client's retry loop. Not a
 * Raft entry: the leader keeps locks in memory ({@link io.wfs.meta.session.LeaderLocks}) and a new
 * leader learns them from the sessions' announcements (AnnounceOpensOp).
 */
public final class SetLockOp implements MetaOperation<SetLockRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.SET_LOCK;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    /**
     * Before a session's first lock in this group, records it as a session that opens files
     * (replicated, through a heartbeat entry), as its first heartbeat would: a later leader then
     * grants nothing until it announced, so no lock it holds here can be granted twice.
     */
    @Override
    public CompletableFuture<OkReply> lead(GroupLeader leader, SetLockRequest req) {
        if (req.type() == SetLockRequest.UNLOCK || !leader.leads()
                || leader.inspect(req.header(), ctx -> ctx.clients().openFiles().isOpener(ctx.caller().session()))) {
            return leader.inThisGroup(this, req);
        }
        return leader.propose(MessageType.SESSION_HEARTBEAT, new SessionHeartbeatRequest(req.header(), InodeNumbers.slotOf(req.ino())))
                .thenCompose(recorded -> leader.inThisGroup(this, req));
    }

    @Override
    public OkReply execute(MetaContext ctx, SetLockRequest req) {
        ctx.attributes(req.ino());
        ctx.leaderOpens().locks().set(ctx.caller().session(), req.ino(), req.owner(), req.kind(), req.type(),
                req.lockStart(), req.lockEnd(), ctx.timeNs());
        return OkReply.INSTANCE;
    }
}
