package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.namespace.Names;
import io.wfs.meta.namespace.SlotState;

/**
 * mkdir. The new directory goes to the slot a hash of (parent, name) picks among all 4096, so
 * directories and their entries spread over slots and groups. When this group owns that slot,
 * mkdir is this one log entry; otherwise the coordinator runs the cross-group protocol
 * (io.wfs.meta.cross) and this class only lends it {@link #checkAndPlace}.
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

    /** What the parent decides about a new directory: its permission bits and group. */
    public record Placement(int permissions, int gid) {
    }

    /**
     * The parent-side checks and decisions of mkdir (exists, directory, permissions, name free,
     * link count; set-group-id inheritance), shared with the cross-group coordinator.
     */
    public static Placement checkAndPlace(MetaContext ctx, long parentIno, byte[] name, int requestedMode) {
        InodeAttributes parent = NewEntry.checkParent(ctx, parentIno, name);
        if (parent.nlink() >= MetaContext.MAX_LINKS) {
            throw new WfsException(WfsErrorCode.EMLINK, "too many subdirectories");
        }
        // Linux vfs_mkdir keeps only rwx and sticky (mkdir -m 2775 chmods afterwards); set-group-id
        // comes from the parent alone.
        int permissions = requestedMode & (Posix.S_ISVTX | Posix.ACCESSPERMS);
        if ((parent.mode() & Posix.S_ISGID) != 0) {
            permissions |= Posix.S_ISGID;
        }
        return new Placement(permissions, NewEntry.groupFor(parent, ctx.caller()));
    }

    @Override
    public AttrReply execute(MetaContext ctx, MkdirRequest req) {
        Placement place = checkAndPlace(ctx, req.parent(), req.name(), req.mode());
        int mode = Posix.S_IFDIR | place.permissions();
        SlotState home = ctx.namespace().slot(targetSlot(req.parent(), req.name()));
        if (home == null) {
            // The coordinator sends such a mkdir through the cross-group protocol instead.
            throw new WfsException(WfsErrorCode.STALE_ROUTE, "the new directory's slot belongs to another group");
        }
        long ino = home.createInode(mode, ctx.caller().uid(), place.gid(), req.parent(), ctx.timeNs());
        NewEntry.insert(ctx, req.parent(), req.name(), ino, mode);
        SlotState parentSlot = ctx.slotOf(req.parent());
        parentSlot.setNlink(req.parent(), parentSlot.nlink(req.parent()) + 1);
        return new AttrReply(ctx.wire(ino));
    }

    /** The slot of a new directory: a hash of (parent, name) over all slots, so directories spread over groups. */
    public static int targetSlot(long parent, byte[] name) {
        int h = Names.hash(name, 0, name.length) * 31 + Long.hashCode(parent * 0x9E3779B97F4A7C15L);
        return Math.floorMod(h, InodeNumbers.SLOT_COUNT);
    }
}
