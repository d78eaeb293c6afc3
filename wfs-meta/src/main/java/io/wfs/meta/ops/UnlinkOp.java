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
public final class UnlinkOp implements LeasedRemoval<UnlinkRequest> {
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
        removeFile(ctx, req.parent(), req.name(), 0);
        return OkReply.changed(ctx.wire(req.parent()));
    }

    @Override
    public long directoryOf(UnlinkRequest request) {
        return request.parent();
    }

    /**
     * The apply of an unlink in this group, also for the unlinks a create batch carries
     * (CreateBatchOp): {@code expectedIno}, when not 0, is the file the name must lead to (ESTALE
     * otherwise: the session answered an unlink of a file the name no longer names).
     */
    static void removeFile(MetaContext ctx, long parent, byte[] name, long expectedIno) {
        InodeAttributes dir = ctx.directory(parent);
        InodeAttributes victim = EntryRemoval.checkRemovable(ctx, dir, name);
        if (FileType.isDirectory(victim.mode())) {
            throw new WfsException(WfsErrorCode.EISDIR, "is a directory");
        }
        if (expectedIno != 0 && victim.ino() != expectedIno) {
            throw new WfsException(WfsErrorCode.ESTALE, "the name leads to another file");
        }
        ctx.slotOf(parent).removeEntry(parent, name);
        EntryRemoval.dropName(ctx, victim, parent);
        ctx.touchDirectory(parent);
    }
}
