package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import java.util.concurrent.CompletableFuture;

/** unlink: removes a non-directory name (EISDIR for a directory, as Linux answers). */
public final class UnlinkOp implements MetaOperation<UnlinkRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.UNLINK;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    /** One log entry, or across groups when the entry's inode lives in another group ({@link EntryRemoval#lead}). */
    @Override
    public CompletableFuture<OkReply> lead(GroupLeader leader, UnlinkRequest req) {
        return EntryRemoval.lead(leader, this, req, req.parent(), req.name(), false);
    }

    @Override
    public OkReply execute(MetaContext ctx, UnlinkRequest req) {
        InodeAttributes dir = ctx.directory(req.parent());
        InodeAttributes victim = EntryRemoval.checkRemovable(ctx, dir, req.name());
        if (FileType.isDirectory(victim.mode())) {
            throw new WfsException(WfsErrorCode.EISDIR, "is a directory");
        }
        ctx.slotOf(req.parent()).removeEntry(req.parent(), req.name());
        EntryRemoval.dropName(ctx, victim, req.parent());
        ctx.touchDirectory(req.parent());
        return OkReply.INSTANCE;
    }
}
