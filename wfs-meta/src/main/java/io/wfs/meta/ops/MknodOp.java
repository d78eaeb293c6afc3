package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;

/**
 * create and mknod: regular files, FIFOs, sockets, and (root only) devices, in the parent's
 * slot; a create may also open the new file in the same entry (MknodRequest#open).
 */
public final class MknodOp implements LeasedEntry<MknodRequest> {
    @Override
    public MessageType type() {
        return MessageType.MKNOD;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public AttrReply execute(MetaContext ctx, MknodRequest req) {
        InodeAttributes parent = NewEntry.checkParent(ctx, req.parent(), req.name());
        if (FileType.isDevice(req.mode()) && !ctx.caller().isRoot()) {
            throw new WfsException(WfsErrorCode.EPERM, "only root creates device nodes");
        }
        int gid = NewEntry.groupFor(parent, ctx.caller());
        int mode = FileType.typeBits(req.mode()) | NewEntry.permissionsFor(req.mode() & Posix.PERMISSION_BITS, gid, ctx.caller());
        long ino = ctx.slotOf(req.parent()).createInode(mode, ctx.caller().uid(), gid, req.parent(), ctx.timeNs(),
                FileType.isDevice(mode) ? req.rdev() : 0);
        NewEntry.insert(ctx, req.parent(), req.name(), ino, mode);
        if (req.open()) {
            // No access check, as in POSIX: the creator's open of a file it just created succeeds
            // whatever mode it gave the file (open("f", O_CREAT | O_WRONLY, 0444) writes). The open is
            // counted in the leader's memory only, like every open (OpenOp).
            ctx.leaderOpens().open(ctx.caller().session(), ino, ctx.timeNs());
        }
        return new AttrReply(ctx.wire(ino)).withDirectory(ctx.wire(req.parent()));
    }

    /**
     * A resend of a create that opened its file, answered from the record: the first run may have
     * been applied under an earlier leader, whose memory of the open is gone, while the client did
     * not know the inode yet when it announced its opens. Nobody can have held the new file before,
     * so counting the open once for the session is exact.
     */
    @Override
    public void replayed(MetaContext ctx, MknodRequest req, Object recorded) {
        if (req.open() && recorded instanceof AttrReply reply) {
            ctx.leaderOpens().openOnce(ctx.caller().session(), reply.attr().ino(), ctx.timeNs(), 1);
        }
    }

    @Override
    public long directoryOf(MknodRequest req) {
        return req.parent();
    }
}
