package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.OpenRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;

/**
 * open: checks access for the requested mode (as POSIX does at open time, not per read or
 * write) and counts the open against the caller's session, so the file outlives an unlink.
 */
public final class OpenOp implements MetaOperation<OpenRequest, AttrReply> {
    @Override
    public MessageType type() {
        return MessageType.OPEN;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public AttrReply execute(MetaContext ctx, OpenRequest req) {
        InodeAttributes a = ctx.attributes(req.ino());
        boolean write = req.flags() != 0;
        if (write && FileType.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.EISDIR, "a directory opens read-only");
        }
        int want = switch (req.flags()) {
            case 0 -> Posix.R_OK;
            case 1 -> Posix.W_OK;
            default -> Posix.R_OK | Posix.W_OK;
        };
        Permissions.require(a, ctx.caller(), want);
        ctx.clients().openFiles().open(ctx.caller().session(), req.ino());
        return new AttrReply(MetaContext.wire(a));
    }
}
