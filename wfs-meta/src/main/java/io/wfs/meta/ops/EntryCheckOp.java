package io.wfs.meta.ops;

import io.wfs.common.msg.meta.EntryCheckReply;
import io.wfs.common.msg.meta.EntryCheckRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;

/** The sweep's question to a parent's group: is the entry there, naming the locked inode? */
public final class EntryCheckOp implements MetaOperation<EntryCheckRequest, EntryCheckReply> {
    @Override
    public MessageType type() {
        return MessageType.ENTRY_CHECK;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public EntryCheckReply execute(MetaContext ctx, EntryCheckRequest req) {
        if (req.removedUnderLockNs() != 0) {
            return new EntryCheckReply(ctx.intents().receipts().removed(req.ino(), req.removedUnderLockNs()));
        }
        if (!ctx.slotOf(req.parent()).contains(req.parent())) {
            return new EntryCheckReply(false);
        }
        InodeAttributes dir = ctx.attributes(req.parent());
        if (!FileType.isDirectory(dir.mode())) {
            return new EntryCheckReply(false);
        }
        return new EntryCheckReply(ctx.slotOf(req.parent()).lookup(req.parent(), req.name()) == req.ino());
    }
}
