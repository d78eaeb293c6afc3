package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;

/** link: a new name for an existing non-directory; its ctime moves to now. */
public final class LinkOp implements MetaOperation<LinkRequest, AttrReply> {
    @Override
    public MessageType type() {
        return MessageType.LINK;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public AttrReply execute(MetaContext ctx, LinkRequest req) {
        ctx.requireSameGroup(req.ino(), "the link's target");
        InodeAttributes target = ctx.attributes(req.ino());
        ctx.requireUnlocked(target);
        // The new name first (EEXIST, EACCES), then the target's type, in the order of Linux's vfs_link.
        NewEntry.checkParent(ctx, req.newParent(), req.newName());
        if (FileType.isDirectory(target.mode())) {
            throw new WfsException(WfsErrorCode.EPERM, "hard links to directories are not allowed");
        }
        if (target.nlink() >= MetaContext.MAX_LINKS) {
            throw new WfsException(WfsErrorCode.EMLINK, "too many links");
        }
        NewEntry.insert(ctx, req.newParent(), req.newName(), req.ino(), target.mode());
        ctx.slotOf(req.ino()).setNlink(req.ino(), target.nlink() + 1);
        ctx.slotOf(req.ino()).setCtime(req.ino(), ctx.timeNs());
        return new AttrReply(ctx.wire(req.ino()));
    }
}
