package io.wfs.meta.ops;

import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.SlotState;

/**
 * The metadata half of a write: the new slices (newer shadow older where they overlap; blocks
 * no longer referenced go to the deletion queue), the size, mtime and ctime, in one log entry.
 * A write by anyone but root clears set-user-id and set-group-id, as Linux does.
 */
public final class CommitSlicesOp implements MetaOperation<CommitSlicesRequest, AttrReply> {
    @Override
    public MessageType type() {
        return MessageType.COMMIT_SLICES;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public AttrReply execute(MetaContext ctx, CommitSlicesRequest req) {
        InodeAttributes a = WritableFile.check(ctx, req.ino());
        SlotState slot = ctx.slotOf(req.ino());
        for (SliceInfo s : req.slices()) {
            slot.addSlice(req.ino(), s.fileOffset(), s.length(), s.volume(), s.blockId(), s.blockOffset(),
                    ctx.freedBlocks());
        }
        if (req.newSize() > slot.size(req.ino())) {
            slot.truncate(req.ino(), req.newSize(), ctx.freedBlocks());
        }
        slot.setMtime(req.ino(), ctx.timeNs());
        slot.setCtime(req.ino(), ctx.timeNs());
        int permissions = a.mode() & Posix.PERMISSION_BITS;
        if (!ctx.caller().isRoot() && Permissions.withoutSetIds(permissions) != permissions) {
            slot.setPermissions(req.ino(), Permissions.withoutSetIds(permissions));
        }
        return new AttrReply(ctx.wire(req.ino()));
    }
}
