package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;

/**
 * The edge of a quota directory's subtree. The subtree lives in the quota directory's slot, so
 * nothing may cross the edge without moving: a hard link or a rename across it answers EXDEV, as
 * XFS does for project quotas; {@code mv} then copies, and the copy is charged (docs/kubernetes.md).
 */
final class QuotaEdges {
    private QuotaEdges() {
    }

    /** The quota directory holding ino, 0 for none or for an inode of another group. */
    static long rootOf(MetaContext ctx, long ino) {
        return ctx.owns(ino) ? ctx.slotOf(ino).quotas().rootOf(ino) : 0;
    }

    /** EXDEV unless a and b are under the same quota (or both under none). */
    static void requireSameQuota(MetaContext ctx, long a, long b) {
        if (rootOf(ctx, a) != rootOf(ctx, b)) {
            throw crossing();
        }
    }

    /**
     * The step of a cross-group operation in this group: an inode here that is under a quota cannot
     * take part, since its partner lives in another slot and so outside the quota.
     */
    static void requireNoQuota(MetaContext ctx, long ino) {
        if (rootOf(ctx, ino) != 0) {
            throw crossing();
        }
    }

    private static WfsException crossing() {
        return new WfsException(WfsErrorCode.EXDEV, "the operation crosses the edge of a directory quota");
    }
}
