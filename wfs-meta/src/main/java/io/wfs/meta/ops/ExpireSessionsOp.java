package io.wfs.meta.ops;

import io.wfs.meta.state.InternalCommand;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * Forgets the client sessions idle since before the command's time minus the lease (the leader
 * proposes it periodically, {@code meta.session-lease}): their recorded results go, their POSIX
 * and BSD locks are released, their opens closed (on the leader, which keeps them), and orphans
 * they held last become releasable. Body: {@code long leaseNs}. Answers the sessions expired
 * ({@code long[]}), which the leader logs: a live client's session expiring is worth knowing.
 */
public final class ExpireSessionsOp implements InternalOperation {
    @Override
    public short command() {
        return InternalCommand.EXPIRE_SESSIONS;
    }

    /** The body of the command. */
    public static byte[] body(Duration lease) {
        return ByteBuffer.allocate(8).putLong(lease.toNanos()).array();
    }

    @Override
    public Object apply(MetaContext ctx, ByteBuffer body) {
        long cutoffNs = ctx.timeNs() - body.getLong();
        LongArrayList expired = ctx.sessions().expire(cutoffNs);
        expired.forEach(session -> releaseSession(ctx, session));
        ctx.leaderOpens().expireUnknown(cutoffNs, ctx.sessions()::known);
        return expired.toLongArray();
    }

    /**
     * An expired session loses its locks and opens (both in the leader's memory); orphans it held
     * last become releasable (the leader releases them, ReleaseOrphansOp).
     */
    private static void releaseSession(MetaContext ctx, long session) {
        ctx.clients().openFiles().forgetOpener(session);
        ctx.leaderOpens().sessionExpired(session);
    }
}
