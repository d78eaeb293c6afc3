package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/** The time rules that keep the lock-flag protocol safe against a sweep running concurrently. */
public final class CrossGroupTiming {
    /**
     * Step 2 of a cross-group operation must happen this soon after the lock; the sweep acts only
     * after {@link MetaContext#LOCK_EXPIRY_NS}, so the 2 s margin absorbs clock skew between leaders.
     */
    public static final long LINK_WINDOW_NS = 3_000_000_000L;

    private CrossGroupTiming() {
    }

    /**
     * A step may act under the lock of {@code ino} taken at {@code lockTimeNs} only while the lock
     * is young and no sweep has fenced it: the entry's time is the leader's clock when it was
     * proposed, and an entry can be committed seconds later (after a leader change), behind
     * the sweep's decision; the fence catches that.
     */
    static void requireLiveLock(MetaContext ctx, long ino, long lockTimeNs) {
        if (ctx.timeNs() - lockTimeNs > LINK_WINDOW_NS) {
            throw new WfsException(WfsErrorCode.LOCKED, "the cross-group lock is too old to act on; retry");
        }
        if (ctx.intents().fences().contains(ino, lockTimeNs)) {
            throw new WfsException(WfsErrorCode.LOCKED, "the cross-group lock expired and was swept; retry");
        }
    }
}
