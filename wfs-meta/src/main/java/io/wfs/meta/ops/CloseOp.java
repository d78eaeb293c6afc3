package io.wfs.meta.ops;

import io.wfs.common.msg.meta.CloseRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.rpc.MessageType;

/**
 * close: one open less, in the leader's memory (no Raft entry). The last close of an orphan makes
 * it releasable: the leader releases it, with its blocks, in its next {@link ReleaseOrphansOp}.
 * A close the session's announcement to this leader already holds changes nothing (OpenEpochs).
 */
public final class CloseOp implements MetaOperation<CloseRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.CLOSE;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public OkReply execute(MetaContext ctx, CloseRequest req) {
        ctx.leaderOpens().requireActive().close(ctx.caller().session(), req.ino(), req.openEpoch());
        return OkReply.INSTANCE;
    }
}
