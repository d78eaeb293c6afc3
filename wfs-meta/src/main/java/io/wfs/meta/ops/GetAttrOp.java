package io.wfs.meta.ops;

import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.rpc.MessageType;

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
        return new AttrReply(ctx.wire(req.ino()));
    }
}
