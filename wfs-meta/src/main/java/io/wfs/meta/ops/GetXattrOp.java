package io.wfs.meta.ops;

import io.wfs.common.msg.meta.GetXattrRequest;
import io.wfs.common.msg.meta.XattrValueReply;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.NamespaceException;

/** getxattr: needs read permission on the inode (ENODATA when absent). */
public final class GetXattrOp implements MetaOperation<GetXattrRequest, XattrValueReply> {
    @Override
    public MessageType type() {
        return MessageType.GET_XATTR;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public XattrValueReply execute(MetaContext ctx, GetXattrRequest req) {
        Permissions.require(ctx.attributes(req.ino()), ctx.caller(), Posix.R_OK);
        try {
            return new XattrValueReply(ctx.slotOf(req.ino()).xattrs().get(req.ino(), req.name()));
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
    }
}
