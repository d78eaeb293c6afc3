package io.wfs.meta.ops;

import io.wfs.common.msg.meta.CloseBatchRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.session.LeaderOpens;

/**
 * The closes a client gathered for a few milliseconds: each as one {@link CloseOp}, in the
 * leader's memory only. An inode this leader holds no open of (another group's, by a route that
 * changed since the batch was made) changes nothing here; the session's expiry or announcement to
 * that group settles it.
 */
public final class CloseBatchOp implements MetaOperation<CloseBatchRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.CLOSE_BATCH;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public OkReply execute(MetaContext ctx, CloseBatchRequest req) {
        LeaderOpens opens = ctx.leaderOpens().requireActive();
        long session = ctx.caller().session();
        long[] inos = req.inos();
        long[] epochs = req.openEpochs();
        for (int i = 0; i < inos.length; i++) {
            opens.close(session, inos[i], epochs[i]);
        }
        return OkReply.INSTANCE;
    }
}
