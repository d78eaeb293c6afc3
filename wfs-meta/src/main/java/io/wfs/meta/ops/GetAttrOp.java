package io.wfs.meta.ops;

import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;

/** stat of one inode; permissions were checked on the path that led here. */
public final class GetAttrOp implements MetaOperation<GetAttrRequest, AttrReply> {
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
        return new AttrReply(MetaContext.wire(a), a.locked());
    }
}
