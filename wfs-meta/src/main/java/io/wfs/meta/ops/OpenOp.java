package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.OpenRequest;
import io.wfs.common.posix.AccessRules;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.session.LeaderOpens;

/**
 * open: checks access for the requested mode (as POSIX does at open time, not per read or
 * write) and counts the open against the caller's session, so the file outlives an unlink. Not
 * a Raft entry: served by the leader from its state and counted in its memory
 * ({@link io.wfs.meta.session.LeaderOpens}); a new leader learns the counts from the sessions'
 * announcements (AnnounceOpensOp).
 */
public final class OpenOp implements MetaOperation<OpenRequest, AttrReply> {
    @Override
    public MessageType type() {
        return MessageType.OPEN;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    @Override
    public AttrReply execute(MetaContext ctx, OpenRequest req) {
        return new AttrReply(MetaContext.wire(open(ctx, req.ino(), req.flags(), req.openEpoch())));
    }

    /**
     * The open of {@code ino} by the caller's session with access {@code flags} (0 read, 1 write,
     * 2 both): checked as POSIX does at open time and counted in the leader's memory, unless the
     * session's announcement to this leader holds it already ({@code openEpoch}, OpenEpochs). Also
     * the open that rides in a slice fetch (GetSlicesOp).
     */
    static InodeAttributes open(MetaContext ctx, long ino, int flags, long openEpoch) {
        LeaderOpens opens = ctx.leaderOpens().requireActive();
        InodeAttributes a = ctx.attributes(ino);
        if (a.nlink() == 0 && !opens.isOpen(ino)) {
            // An orphan nobody holds is on its way out: its release may already be proposed.
            throw new WfsException(WfsErrorCode.ENOENT, "the file was deleted");
        }
        boolean write = flags != 0;
        if (write && FileType.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.EISDIR, "a directory opens read-only");
        }
        Permissions.require(a, ctx.caller(), AccessRules.wantedFor(flags));
        opens.open(ctx.caller().session(), ino, ctx.timeNs(), openEpoch);
        return a;
    }
}
