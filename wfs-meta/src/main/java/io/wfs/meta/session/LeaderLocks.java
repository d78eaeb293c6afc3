package io.wfs.meta.session;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.lock.HeldLock;
import io.wfs.common.lock.LockRange;
import io.wfs.common.lock.LockTable;
import java.util.List;

/**
 * The POSIX record locks and BSD flocks of client sessions on this group's files, as the group's
 * leader knows them: in memory only, so a lock or an unlock costs no Raft entry (docs/metadata.md,
 * "Locks"). A new leader learns them from the sessions' announcements ({@link LeaderOpens#announce}),
 * and until its re-announce window is over (every session that opens files here announced, or the
 * window's time passed) it grants no lock and answers no test (EBUSY, which clients retry): a lock
 * not announced yet could conflict. Releases are always served.
 *
 * <p>Owned by {@link LeaderOpens}, whose lifecycle it follows; called under the state machine's lock.
 */
public final class LeaderLocks {
    private final LeaderOpens leader;
    private final LockTable table = new LockTable();

    LeaderLocks(LeaderOpens leader) {
        this.leader = leader;
    }

    /** Takes, converts or releases a lock of (session, owner); EAGAIN on a conflict. */
    public void set(long session, long ino, long owner, int kind, int type, long start, long end, long nowNs) {
        requireLeading();
        if (type != LockTable.UNLOCK) {
            requireWindowOver(nowNs);
        }
        table.set(ino, session, owner, kind, type, start, end);
    }

    /** The first lock of another owner conflicting with the described one, or null. */
    public LockRange conflict(long session, long ino, long owner, int kind, int type, long start, long end, long nowNs) {
        requireLeading();
        requireWindowOver(nowNs);
        return table.conflict(ino, session, owner, kind, type, start, end);
    }

    /** Locks held here (a gauge). */
    public int size() {
        return table.size();
    }

    void announce(long session, List<HeldLock> locks) {
        for (HeldLock l : locks) {
            table.record(l.ino(), session, l.owner(), l.kind(), l.type(), l.start(), l.end());
        }
    }

    void sessionExpired(long session) {
        table.releaseSession(session);
    }

    void clear() {
        table.clear();
    }

    private void requireLeading() {
        if (!leader.active()) {
            throw new WfsException(WfsErrorCode.EBUSY, "this leader is still applying its predecessor's entries");
        }
    }

    private void requireWindowOver(long nowNs) {
        if (!leader.windowOver(nowNs)) {
            throw new WfsException(WfsErrorCode.EBUSY, "a new leader: the sessions of the previous one are still announcing "
                    + "their locks");
        }
    }
}
