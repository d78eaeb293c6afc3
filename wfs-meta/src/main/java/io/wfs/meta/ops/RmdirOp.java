package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import java.util.concurrent.CompletableFuture;

/** rmdir: removes an empty directory; its parent loses the link its ".." held. */
public final class RmdirOp implements LeasedRemoval<RmdirRequest> {
    @Override
    public MessageType type() {
        return MessageType.RMDIR;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    /** One log entry, or across groups when the entry's inode lives in another group ({@link EntryRemoval#lead}). */
    @Override
    public CompletableFuture<OkReply> lead(GroupLeader leader, RmdirRequest req) {
        return EntryRemoval.lead(leader, this, req, req.parent(), req.name(), true);
    }

    @Override
    public OkReply execute(MetaContext ctx, RmdirRequest req) {
        removeDirectory(ctx, req.parent(), req.name(), 0);
        return OkReply.changed(ctx.wire(req.parent()));
    }

    /**
     * The apply of an rmdir in this group, also for the rmdirs a create batch carries
     * (CreateBatchOp): {@code expectedIno}, when not 0, is the directory the name must lead to
     * (ESTALE otherwise).
     */
    static void removeDirectory(MetaContext ctx, long parent, byte[] name, long expectedIno) {
        InodeAttributes dir = ctx.directory(parent);
        InodeAttributes victim = EntryRemoval.checkRemovable(ctx, dir, name);
        if (!FileType.isDirectory(victim.mode())) {
            throw new WfsException(WfsErrorCode.ENOTDIR, "not a directory");
        }
        if (expectedIno != 0 && victim.ino() != expectedIno) {
            throw new WfsException(WfsErrorCode.ESTALE, "the name leads to another directory");
        }
        EntryRemoval.checkEmptyDirectory(ctx, victim);
        ctx.slotOf(parent).removeEntry(parent, name);
        EntryRemoval.dropName(ctx, victim, parent);
        ctx.touchDirectory(parent);
    }

    @Override
    public long directoryOf(RmdirRequest request) {
        return request.parent();
    }
}
