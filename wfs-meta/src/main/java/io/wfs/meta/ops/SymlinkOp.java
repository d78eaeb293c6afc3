package io.wfs.meta.ops;

import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.NamespaceException;

/** symlink: a link inode (mode 0777) in the parent's slot. */
public final class SymlinkOp implements LeasedEntry<SymlinkRequest> {
    @Override
    public MessageType type() {
        return MessageType.SYMLINK;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public AttrReply execute(MetaContext ctx, SymlinkRequest req) {
        InodeAttributes parent = NewEntry.checkParent(ctx, req.parent(), req.name());
        long ino;
        try {
            ino = ctx.slotOf(req.parent()).createSymlink(ctx.caller().uid(), NewEntry.groupFor(parent, ctx.caller()),
                    req.parent(), ctx.timeNs(), req.target());
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        }
        NewEntry.insert(ctx, req.parent(), req.name(), ino, Posix.S_IFLNK);
        return new AttrReply(ctx.wire(ino)).withDirectory(ctx.wire(req.parent()));
    }

    @Override
    public long directoryOf(SymlinkRequest req) {
        return req.parent();
    }
}
