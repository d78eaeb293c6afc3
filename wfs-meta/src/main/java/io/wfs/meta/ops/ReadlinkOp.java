package io.wfs.meta.ops;

import io.wfs.common.msg.meta.ReadlinkReply;
import io.wfs.common.msg.meta.ReadlinkRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.NamespaceException;

/** The target of a symbolic link (EINVAL for anything else). */
public final class ReadlinkOp implements MetaOperation<ReadlinkRequest, ReadlinkReply> {
    @Override
    public MessageType type() {
        return MessageType.READLINK;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public ReadlinkReply execute(MetaContext ctx, ReadlinkRequest req) {
        ctx.attributes(req.ino());
        try {
            return new ReadlinkReply(ctx.slotOf(req.ino()).symlinkTarget(req.ino()));
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
    }
}
