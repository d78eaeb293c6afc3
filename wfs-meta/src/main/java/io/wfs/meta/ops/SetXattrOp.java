package io.wfs.meta.ops;

import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.NamespaceException;

/** setxattr with XATTR_CREATE (EEXIST) / XATTR_REPLACE (ENODATA); ctime moves to now. */
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
    public OkReply execute(MetaContext ctx, SetXattrRequest req) {
        InodeAttributes a = ctx.attributes(req.ino());
        XattrRules.requireWritable(ctx, a, req.name());
        try {
            ctx.slotOf(req.ino()).xattrs().set(req.ino(), req.name(), req.value(), req.flags());
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
        ctx.slotOf(req.ino()).setCtime(req.ino(), ctx.timeNs());
        return OkReply.INSTANCE;
    }
}
