package io.wfs.meta.ops;

import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.RenameLeaseRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.cross.RenameLease;
import io.wfs.meta.namespace.InodeNumbers;

/** Takes, renews or releases the cluster-wide rename lease, kept by the group owning the root. */
public final class RenameLeaseOp implements MetaOperation<RenameLeaseRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.RENAME_LEASE;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public OkReply execute(MetaContext ctx, RenameLeaseRequest req) {
        ctx.slotOf(InodeNumbers.ROOT);
        RenameLease lease = ctx.intents().renameLease();
        if (req.acquire()) {
            lease.acquire(req.holder(), ctx.timeNs(), req.termNs());
        } else {
            lease.release(req.holder());
        }
        return OkReply.INSTANCE;
    }
}
