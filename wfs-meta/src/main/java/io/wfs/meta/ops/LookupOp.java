package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.DirectoryEntries;

/** Name → inode in one directory; a path step, so it needs search permission on the directory. */
public final class LookupOp implements LeasedEntry<LookupRequest> {
    @Override
    public MessageType type() {
        return MessageType.LOOKUP;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public AttrReply execute(MetaContext ctx, LookupRequest req) {
        Permissions.require(ctx.directory(req.parent()), ctx.caller(), Posix.X_OK);
        DirectoryEntries entries = ctx.slotOf(req.parent()).directory(req.parent());
        long child = entries.lookup(req.name());
        if (child == 0) {
            throw new WfsException(WfsErrorCode.ENOENT, "no entry");
        }
        return new AttrReply(ctx.wireOrStub(child, entries.lookupType(req.name())));
    }

    @Override
    public long directoryOf(LookupRequest req) {
        return req.parent();
    }
}
