package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.Names;
import io.wfs.meta.namespace.SlotState;

/**
 * mkdir. The new directory goes to another slot, chosen by a hash of (parent, name) among the
 * slots this group owns, so directories and their entries spread over slots (and can later move
 * with them). Choosing among the group's own slots keeps mkdir a single log entry; spreading
 * across groups needs the cross-group protocol.
 */
public final class MkdirOp implements MetaOperation<MkdirRequest, AttrReply> {
    @Override
    public MessageType type() {
        return MessageType.MKDIR;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public AttrReply execute(MetaContext ctx, MkdirRequest req) {
        InodeAttributes parent = NewEntry.checkParent(ctx, req.parent(), req.name());
        if (parent.nlink() >= MetaContext.MAX_LINKS) {
            throw new WfsException(WfsErrorCode.EMLINK, "too many subdirectories");
        }
        int gid = NewEntry.groupFor(parent, ctx.caller());
        int permissions = req.mode() & 07777;
        if ((parent.mode() & Permissions.S_ISGID) != 0) {
            permissions |= Permissions.S_ISGID;
        }
        int mode = FileType.S_IFDIR | permissions;
        SlotState home = slotForNewDirectory(ctx, req.parent(), req.name());
        long ino = home.createInode(mode, ctx.caller().uid(), gid, req.parent(), ctx.timeNs());
        NewEntry.insert(ctx, req.parent(), req.name(), ino, mode);
        SlotState parentSlot = ctx.slotOf(req.parent());
        parentSlot.setNlink(req.parent(), parent.nlink() + 1);
        return new AttrReply(ctx.wire(ino));
    }

    static SlotState slotForNewDirectory(MetaContext ctx, long parent, byte[] name) {
        int[] owned = ctx.namespace().ownedSlots();
        int h = Names.hash(name, 0, name.length) * 31 + Long.hashCode(parent * 0x9E3779B97F4A7C15L);
        return ctx.namespace().slot(owned[Math.floorMod(h, owned.length)]);
    }
}
