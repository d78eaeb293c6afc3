package io.wfs.meta.ops;

import io.wfs.common.msg.meta.AnnounceOpensRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.SessionHeartbeatRequest;
import io.wfs.common.rpc.MessageType;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.util.concurrent.CompletableFuture;

/**
 * A session tells this group's new leader which of its files it holds open and its locks (the
 * leader answered OPENS_UNKNOWN to its first request). Served from memory, no Raft entry. Inodes the group does
 * not hold (deleted meanwhile, or another group's) are skipped; only the session's first
 * announcement to this leader counts.
 */
public final class AnnounceOpensOp implements MetaOperation<AnnounceOpensRequest, OkReply> {
    @Override
    public MessageType type() {
        return MessageType.ANNOUNCE_OPENS;
    }

    @Override
    public boolean mutates() {
        return false;
    }

    /**
     * Counts the announced opens, then, the first time a session that opens files announces to
     * this group, records it as an opener (replicated, through a heartbeat entry) before answering:
     * so it is known before any of its opens counts, and a later leader waits for it.
     */
    @Override
    public CompletableFuture<OkReply> lead(GroupLeader leader, AnnounceOpensRequest req) {
        return leader.inThisGroup(this, req).thenCompose(ok -> {
            if (!req.opensFiles() || !leader.leads()
                    || leader.inspect(req.header(), ctx -> ctx.clients().openFiles().isOpener(ctx.caller().session()))) {
                return CompletableFuture.completedFuture(ok);
            }
            return leader.propose(MessageType.SESSION_HEARTBEAT, new SessionHeartbeatRequest(req.header(), req.slot()))
                    .thenApply(recorded -> OkReply.INSTANCE);
        });
    }

    @Override
    public OkReply execute(MetaContext ctx, AnnounceOpensRequest req) {
        ctx.leaderOpens().requireActive();
        long[] inos = req.inos();
        int[] counts = req.counts();
        LongArrayList held = new LongArrayList(inos.length);
        IntArrayList heldCounts = new IntArrayList(inos.length);
        for (int i = 0; i < inos.length; i++) {
            if (ctx.owns(inos[i]) && ctx.namespace().contains(inos[i])) {
                held.add(inos[i]);
                heldCounts.add(counts[i]);
            }
        }
        java.util.List<io.wfs.common.lock.HeldLock> locks = new java.util.ArrayList<>();
        for (io.wfs.common.lock.HeldLock l : req.locks()) {
            if (ctx.owns(l.ino()) && ctx.namespace().contains(l.ino())) {
                locks.add(l);
            }
        }
        ctx.leaderOpens().announce(ctx.caller().session(), held.toLongArray(), heldCounts.toIntArray(), locks, ctx.timeNs(),
                req.openEpoch());
        return OkReply.INSTANCE;
    }
}
