package io.wfs.common.msg.meta;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.rpc.Validate;

/**
 * Carried by every metadata request: who asks (uid, gid, supplementary groups from the FUSE
 * context — the server enforces permissions with them), the route the client used, and for
 * mutations the (session, seq) pair that makes a retry exactly-once. {@code ackedSeq} tells the
 * group that results of seq ≤ ackedSeq will never be asked again and may be forgotten.
 */
public final class MetaHeader extends UidGid {
    public static final int MAX_GROUPS = 256;

    private int[] groups;
    private long routeVersion;
    private long session;
    private long seq;
    private long ackedSeq;
    /** A query that must see every entry committed before it (a read barrier first), not only the leader's memory. */
    private boolean linearizable;

    public MetaHeader() {
    }

    public MetaHeader(int uid, int gid, int[] groups) {
        super(uid, gid);
        this.groups = groups;
    }

    public static MetaHeader root() {
        return new MetaHeader(0, 0, new int[0]);
    }

    public MetaHeader withSequence(long session, long seq, long ackedSeq) {
        MetaHeader h = new MetaHeader(uid(), gid(), groups);
        h.routeVersion = routeVersion;
        h.session = session;
        h.seq = seq;
        h.ackedSeq = ackedSeq;
        h.linearizable = linearizable;
        return h;
    }

    /** This header for a query answered only after a read barrier (see {@link #linearizable()}). */
    public MetaHeader withLinearizableRead() {
        MetaHeader h = withSequence(session, seq, ackedSeq);
        h.linearizable = true;
        return h;
    }

    public boolean linearizable() {
        return linearizable;
    }

    /**
     * This header with uid 0 acting as {@code nobody}: uid 0, gid 0 and a supplementary group 0
     * become {@code nobody} (the root squash of a scoped credential, applied by the meta server
     * before the request's leader step, so the log holds the squashed caller).
     */
    public MetaHeader rootSquashed(int nobody) {
        int[] g = groups();
        int[] squashedGroups = new int[g.length];
        for (int i = 0; i < g.length; i++) {
            squashedGroups[i] = g[i] == 0 ? nobody : g[i];
        }
        MetaHeader h = new MetaHeader(uid() == 0 ? nobody : uid(), gid() == 0 ? nobody : gid(), squashedGroups)
                .withSequence(session, seq, ackedSeq);
        h.routeVersion = routeVersion;
        h.linearizable = linearizable;
        return h;
    }

    public MetaHeader withRouteVersion(long version) {
        MetaHeader h = withSequence(session, seq, ackedSeq);
        h.routeVersion = version;
        return h;
    }

    public int[] groups() {
        return groups == null ? new int[0] : groups;
    }

    public long routeVersion() {
        return routeVersion;
    }

    /**
     * Restamps a request being resent with the newer route its client has learnt since it was
     * built (a STALE_ROUTE refusal is answered by a route refresh, not by giving up); never lowers
     * the version, leaves "no route yet" (0) alone. Safe between attempts: the previous one's
     * frame is written by then, and nothing else reads the header.
     */
    public void raiseRouteVersion(long version) {
        if (routeVersion != 0 && version > routeVersion) {
            routeVersion = version;
        }
    }

    public long session() {
        return session;
    }

    public long seq() {
        return seq;
    }

    public long ackedSeq() {
        return ackedSeq;
    }

    /** Opens and locks belong to a client session; a request without one cannot hold them. */
    public static void requireSession(MetaHeader h) {
        if (h.session() == 0) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "opens and locks need a client session");
        }
    }

    /** Checked by every meta request's validate(). */
    public static void validate(MetaHeader h) {
        Validate.notNull(h, "header");
        if (h.groups != null && h.groups.length > MAX_GROUPS) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "more than " + MAX_GROUPS + " supplementary groups");
        }
        if (h.session != 0 && (h.seq <= 0 || h.ackedSeq < 0 || h.ackedSeq >= h.seq)) {
            throw new WfsException(WfsErrorCode.BAD_REQUEST, "invalid sequence " + h.seq + " (acked " + h.ackedSeq + ")");
        }
    }
}
