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

    static void requireYoungLock(MetaContext ctx, long lockTimeNs) {
        if (ctx.timeNs() - lockTimeNs > LINK_WINDOW_NS) {
            throw new WfsException(WfsErrorCode.LOCKED, "the cross-group lock is too old to act on; retry");
        }
    }
}
