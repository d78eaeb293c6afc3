package io.wfs.meta.ops;

import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.RemoveXattrRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.NamespaceException;
import java.util.concurrent.CompletableFuture;

/**
 * removexattr (ENODATA when absent); ctime moves to now. Removing the directory-spread mark
 * ({@link SpreadSubdirectories}) recalls the directory's create delegation, as setting it does, so
 * the holder's next grant has numbers for directories again.
 */
public final class RemoveXattrOp implements MetaOperation<RemoveXattrRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.REMOVE_XATTR;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public CompletableFuture<OkReply> lead(GroupLeader leader, RemoveXattrRequest req) {
        return SpreadSubdirectories.recallIfMarkChanged(leader, req.ino(), req.name(), leader.inThisGroup(this, req));
    }

    @Override
    public OkReply execute(MetaContext ctx, RemoveXattrRequest req) {
        InodeAttributes a = ctx.attributes(req.ino());
        XattrRules.requireWritable(ctx, a, req.name());
        try {
            ctx.slotOf(req.ino()).xattrs().remove(req.ino(), req.name());
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
        ctx.slotOf(req.ino()).setCtime(req.ino(), ctx.timeNs());
        return OkReply.INSTANCE;
    }
}
