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
        InodeAttributes dir = ctx.directory(req.parent());
        InodeAttributes victim = EntryRemoval.checkRemovable(ctx, dir, req.name());
        if (!FileType.isDirectory(victim.mode())) {
            throw new WfsException(WfsErrorCode.ENOTDIR, "not a directory");
        }
        EntryRemoval.checkEmptyDirectory(ctx, victim);
        ctx.slotOf(req.parent()).removeEntry(req.parent(), req.name());
        EntryRemoval.dropName(ctx, victim, req.parent());
        ctx.touchDirectory(req.parent());
        return OkReply.changed(ctx.wire(req.parent()));
    }

    @Override
    public long directoryOf(RmdirRequest request) {
        return request.parent();
    }
}
