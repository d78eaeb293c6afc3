package io.wfs.common.lock;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.List;

/**
 * POSIX record locks (fcntl) and BSD locks (flock) held by client sessions, per inode. POSIX
 * locks belong to (session, owner) and cover byte ranges: setting a lock replaces the owner's
 * overlapping ranges (splitting them), unlocking cuts them. A flock covers the whole file and
 * is converted in place. Conflicts are between different owners only; the two kinds never
 * conflict with each other, as on Linux.
 *
 * <p>The meta group's leader keeps one (LeaderLocks) and answers conflicts from it; a client
 * keeps one of its own session's locks, which it announces to a group's new leader.
 */
public final class LockTable {
    /** The lock type that releases (LockRangeRequest.UNLOCK). */
    public static final int UNLOCK = 3;

    private final Long2ObjectOpenHashMap<List<LockRange>> byIno = new Long2ObjectOpenHashMap<>();

    /** The first lock of another owner conflicting with the described one, or null. */
    public LockRange conflict(long ino, long session, long owner, int kind, int type, long start, long end) {
        for (LockRange l : byIno.getOrDefault(ino, List.of())) {
            if (l.kind() == kind && !l.sameOwner(session, owner, kind) && l.overlaps(start, end) && l.conflictsWith(type)) {
                return l;
            }
        }
        return null;
    }

    /** Sets (type READ/WRITE) or releases (UNLOCK) a lock; EAGAIN when another owner's lock conflicts. */
    public void set(long ino, long session, long owner, int kind, int type, long start, long end) {
        if (type != UNLOCK && conflict(ino, session, owner, kind, type, start, end) != null) {
            throw new WfsException(WfsErrorCode.EAGAIN, "conflicting lock held");
        }
        record(ino, session, owner, kind, type, start, end);
    }

    /**
     * As {@link #set} without the conflict check: what a lock's holder records once the leader
     * granted it, and what a new leader takes from a holder's announcement.
     */
    public void record(long ino, long session, long owner, int kind, int type, long start, long end) {
        List<LockRange> kept = new ArrayList<>();
        for (LockRange l : byIno.getOrDefault(ino, List.of())) {
            if (!l.sameOwner(session, owner, kind) || !l.overlaps(start, end)) {
                kept.add(l);
                continue;
            }
            // The owner's own range overlapping the new one: keep only the parts outside it.
            if (l.start() < start) {
                kept.add(new LockRange(session, owner, kind, l.type(), l.start(), start - 1));
            }
            if (l.end() > end) {
                kept.add(new LockRange(session, owner, kind, l.type(), end + 1, l.end()));
            }
        }
        if (type != UNLOCK) {
            kept.add(new LockRange(session, owner, kind, type, start, end));
        }
        store(ino, kept);
    }

    /** Drops every lock of a session (closed or expired); returns how many. */
    public int releaseSession(long session) {
        int released = 0;
        for (long ino : byIno.keySet().toLongArray()) {
            List<LockRange> kept = new ArrayList<>();
            for (LockRange l : byIno.get(ino)) {
                if (l.session() == session) {
                    released++;
                } else {
                    kept.add(l);
                }
            }
            store(ino, kept);
        }
        return released;
    }

    /** The inodes that have locks. */
    public long[] inos() {
        return byIno.keySet().toLongArray();
    }

    /** The locks held on {@code ino}, by start. */
    public List<LockRange> on(long ino) {
        return List.copyOf(byIno.getOrDefault(ino, List.of()));
    }

    public void clear() {
        byIno.clear();
    }

    public int size() {
        int n = 0;
        for (List<LockRange> l : byIno.values()) {
            n += l.size();
        }
        return n;
    }

    private void store(long ino, List<LockRange> locks) {
        if (locks.isEmpty()) {
            byIno.remove(ino);
        } else {
            locks.sort((a, b) -> a.start() != b.start() ? Long.compare(a.start(), b.start())
                    : a.session() != b.session() ? Long.compare(a.session(), b.session()) : Long.compare(a.owner(), b.owner()));
            byIno.put(ino, locks);
        }
    }
}
