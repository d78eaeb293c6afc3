package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.LinkLockedChildRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;

/**
 * Cross-group mkdir or link, step 2, in the parent's group: every rule of a local entry
 * creation, plus the lock window. The entry is only made while the child's lock is young: once it is older than
 * {@link CrossGroupTiming#LINK_WINDOW_NS}, the child's group may already be sweeping it away,
 * and an entry made now could dangle. (Assumes leader clocks agree within the margin to the
 * 5 s expiry, as NTP keeps them.)
 */
public final class LinkLockedChildOp implements MetaOperation<LinkLockedChildRequest, AttrReply> {
    @Override
    public MessageType type() {
        return MessageType.LINK_LOCKED_CHILD;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public boolean servedOverRpc() {
        return false;
    }

    @Override
    public AttrReply execute(MetaContext ctx, LinkLockedChildRequest req) {
        InodeAttributes parent = NewEntry.checkParent(ctx, req.parent(), req.name());
        boolean directory = FileType.isDirectory(req.childMode());
        if (directory && parent.nlink() >= MetaContext.MAX_LINKS) {
            throw new WfsException(WfsErrorCode.EMLINK, "too many subdirectories");
        }
        CrossGroupTiming.requireLiveLock(ctx, req.child(), req.lockTimeNs());
        // A child from another group cannot join a quota (a mkdir that raced a quota being set).
        QuotaEdges.requireNoQuota(ctx, req.parent());
        NewEntry.insert(ctx, req.parent(), req.name(), req.child(), req.childMode());
        if (directory) {
            ctx.slotOf(req.parent()).setNlink(req.parent(), parent.nlink() + 1);
        } else {
            // A link's sweep decides by this receipt: the same name may have named the file before the lock.
            ctx.intents().receipts().record(req.child(), req.lockTimeNs(), ctx.timeNs());
        }
        return new AttrReply(ctx.wireOrStub(req.child(), FileType.typeCode(req.childMode())));
    }
}
