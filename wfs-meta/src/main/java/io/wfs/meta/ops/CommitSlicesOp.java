package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.SlotState;
import java.util.concurrent.CompletableFuture;

/**
 * The metadata half of a write: the new slices (newer shadow older where they overlap; blocks
 * no longer referenced go to the deletion queue), the size, mtime and ctime, in one log entry.
 * A write by anyone but root clears set-user-id and set-group-id, as Linux does.
 *
 * <p>Writes go through a descriptor, and POSIX checks the descriptor's access mode (checked at
 * open), not the file's mode bits now: a file created with mode 0 stays writable through the
 * descriptor that created it. So the leader accepts the commit when the caller may write the file
 * or its session holds the file open (leader memory, checked before the entry); apply checks only
 * the file's type.
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
    public CompletableFuture<AttrReply> lead(GroupLeader leader, CommitSlicesRequest req) {
        if (leader.leads()) {
            leader.inspect(req.header(), ctx -> {
                InodeAttributes a = ctx.attributes(req.ino());
                Caller caller = ctx.caller();
                if (!Permissions.allowed(a, caller, Posix.W_OK) && !ctx.leaderOpens().holds(caller.session(), req.ino())) {
                    throw new WfsException(WfsErrorCode.EACCES, "no write permission on inode " + req.ino()
                            + " and no open descriptor of this session");
                }
                return null;
            });
        }
        return leader.inThisGroup(this, req);
    }

    @Override
    public AttrReply execute(MetaContext ctx, CommitSlicesRequest req) {
        InodeAttributes a = WritableFile.checkType(ctx, req.ino());
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
