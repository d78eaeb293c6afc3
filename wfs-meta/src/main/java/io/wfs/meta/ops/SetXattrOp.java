package io.wfs.meta.ops;

import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.NamespaceException;
import java.util.concurrent.CompletableFuture;

/**
 * setxattr with XATTR_CREATE (EEXIST) / XATTR_REPLACE (ENODATA); ctime moves to now. The
 * directory-spread mark ({@link SpreadSubdirectories}) is checked before it is stored and recalls
 * the directory's create delegation once applied.
 */
public final class SetXattrOp implements MetaOperation<SetXattrRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.SET_XATTR;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public CompletableFuture<OkReply> lead(GroupLeader leader, SetXattrRequest req) {
        return SpreadSubdirectories.recallIfMarkChanged(leader, req.ino(), req.name(), leader.inThisGroup(this, req));
    }

    @Override
    public OkReply execute(MetaContext ctx, SetXattrRequest req) {
        InodeAttributes a = ctx.attributes(req.ino());
        XattrRules.requireWritable(ctx, a, req.name());
        SpreadSubdirectories.checkMark(a, req.name(), req.value());
        try {
            ctx.slotOf(req.ino()).xattrs().set(req.ino(), req.name(), req.value(), req.flags());
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
        ctx.slotOf(req.ino()).setCtime(req.ino(), ctx.timeNs());
        return OkReply.INSTANCE;
    }
}
