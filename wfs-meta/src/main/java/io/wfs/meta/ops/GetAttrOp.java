package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;

/**
 * stat of one inode; permissions were checked on the path that led here. An orphan nobody holds
 * open is deleted as far as anyone can tell (its release is on its way): ENOENT, as before it
 * is released.
 */
public final class GetAttrOp implements LeasedAttributes<GetAttrRequest> {
    @Override
    public MessageType type() {
        return MessageType.GET_ATTR;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public AttrReply execute(MetaContext ctx, GetAttrRequest req) {
        InodeAttributes a = ctx.attributes(req.ino());
        if (a.nlink() == 0 && ctx.leaderOpens().releasable(req.ino(), ctx.timeNs())) {
            throw new WfsException(WfsErrorCode.ENOENT, "the file was deleted");
        }
        return new AttrReply(MetaContext.wire(a), a.locked());
    }
}
