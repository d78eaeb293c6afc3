package io.wfs.meta.session;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.OpenEpochs;
import it.unimi.dsi.fastutil.longs.Long2IntMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongLinkedOpenHashSet;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;

/**
 * Which sessions hold which files of this group open, as the group's leader knows it: in memory
 * only, so an open or a close costs no Raft entry (docs/metadata.md, "Opens"); and, with the same
 * lifecycle, their locks ({@link LeaderLocks}). It decides when
 * an orphan ({@link OpenFiles}) may be released: when no session holds it open, and never during
 * the re-announce window after this replica became leader, while the sessions that held files
 * open through the previous leader announce them again. The window ends early once every
 * session that opens files ({@link OpenFiles#isOpener}, replicated) has announced.
 *
 * <p>One per group replica, called under the state machine's lock. On a replica that does not
 * lead it is inactive: what apply tells it is dropped, and the open and close requests are
 * refused (NOT_LEADER). Nothing here is replicated, so nothing here may decide what apply does.
 */
public final class LeaderOpens {
    private final OpenFiles orphans;
    private final Long2ObjectOpenHashMap<Long2IntOpenHashMap> bySession = new Long2ObjectOpenHashMap<>();
    private final Long2IntOpenHashMap totals = new Long2IntOpenHashMap();
    /**
     * Sessions that announced to this leader. Read by every request on the RPC threads without the
     * state lock (a contended lock costs a futex hand-off per request), so it is replaced, never
     * changed: it changes once per session and leader change.
     */
    private volatile LongOpenHashSet announced = new LongOpenHashSet();
    /** The open epoch of each session's announcement to this leader ({@link OpenEpochs}); absent: 0. */
    private final Long2LongOpenHashMap announcedEpochs = new Long2LongOpenHashMap();
    /** When each session holding files open last opened or announced (this leader's clock). */
    private final Long2LongOpenHashMap lastSeenNs = new Long2LongOpenHashMap();
    /** Orphans no session holds, in the order they became releasable. */
    private final LongLinkedOpenHashSet releasable = new LongLinkedOpenHashSet();
    private volatile boolean active;
    private long windowEndNs;
    private boolean windowScanned;
    /** The window is over (a decision that never changes back while this replica leads). */
    private boolean windowOver;
    private final LeaderLocks locks = new LeaderLocks(this);

    public LeaderOpens(OpenFiles orphans) {
        this.orphans = orphans;
    }

    /** The sessions' locks, kept by the leader as their opens are (the same announcements and window). */
    public LeaderLocks locks() {
        return locks;
    }

    /** This replica became leader at {@code nowNs}: it knows no opens until the sessions announce them. */
    public void start(long nowNs, long reannounceWindowNs) {
        clear();
        active = true;
        windowEndNs = nowNs + reannounceWindowNs;
        windowScanned = false;
        windowOver = false;
    }

    public void stop() {
        clear();
        active = false;
    }

    private void clear() {
        bySession.clear();
        totals.clear();
        announced = new LongOpenHashSet();
        announcedEpochs.clear();
        lastSeenNs.clear();
        releasable.clear();
        locks.clear();
    }

    public boolean active() {
        return active;
    }

    /** This leader's opens, to count or uncount; EBUSY while it still applies its predecessor's entries. */
    public LeaderOpens requireActive() {
        if (!active) {
            throw new WfsException(WfsErrorCode.EBUSY, "this leader is still applying its predecessor's entries");
        }
        return this;
    }

    /**
     * True when {@code session} may send requests: it announced its opens to this leader (or this
     * replica does not lead). Safe without the state lock.
     */
    public boolean announced(long session) {
        return !active || announced.contains(session);
    }

    private boolean markAnnounced(long session) {
        if (announced.contains(session)) {
            return false;
        }
        LongOpenHashSet grown = new LongOpenHashSet(announced);
        grown.add(session);
        announced = grown;
        return true;
    }

    /**
     * The session's open files and locks as its client knows them; the first announcement of a
     * session to this leader counts, later ones (resends racing each other) change nothing. Inodes
     * this group does not hold are skipped by the caller.
     */
    public void announce(long session, long[] inos, int[] counts, java.util.List<io.wfs.common.lock.HeldLock> held, long nowNs,
                         long openEpoch) {
        if (!active || !markAnnounced(session)) {
            return;
        }
        if (openEpoch != 0) {
            announcedEpochs.put(session, openEpoch);
        }
        lastSeenNs.put(session, nowNs);
        for (int i = 0; i < inos.length; i++) {
            add(session, inos[i], counts[i]);
        }
        locks.announce(session, held);
    }

    /**
     * True once no session can hold an open or a lock here that this leader does not know: the
     * re-announce window's time passed, or every session that opens files announced.
     */
    public boolean windowOver(long nowNs) {
        if (!windowOver && active && (windowScanned || nowNs >= windowEndNs || everyOpenerAnnounced())) {
            windowOver = true;
        }
        return windowOver;
    }

    public void open(long session, long ino, long nowNs) {
        open(session, ino, nowNs, 1);
    }

    /**
     * An open its client counted in {@code openEpoch}: counted here unless the session's
     * announcement to this leader holds it already ({@link OpenEpochs}).
     */
    public void open(long session, long ino, long nowNs, long openEpoch) {
        if (OpenEpochs.counts(openEpoch, announcedEpochs.get(session))) {
            open(session, ino, nowNs);
        }
    }

    /** {@code count} opens of {@code ino} by {@code session} at once (a create batch's descriptors). */
    public void open(long session, long ino, long nowNs, int count) {
        if (active && count > 0) {
            add(session, ino, count);
            lastSeenNs.put(session, nowNs);
        }
    }

    /** Counts {@code count} opens of {@code ino} by {@code session} unless the session already holds it. */
    public void openOnce(long session, long ino, long nowNs, int count) {
        Long2IntOpenHashMap mine = bySession.get(session);
        if (mine == null || mine.get(ino) == 0) {
            open(session, ino, nowNs, count);
        }
    }

    private void add(long session, long ino, int count) {
        bySession.computeIfAbsent(session, s -> new Long2IntOpenHashMap(2)).addTo(ino, count);
        totals.addTo(ino, count);
    }

    /** A close its client counted in {@code openEpoch}: as {@link #close(long, long)} unless the announcement holds it already. */
    public void close(long session, long ino, long openEpoch) {
        if (OpenEpochs.counts(openEpoch, announcedEpochs.get(session))) {
            close(session, ino);
        }
    }

    /** One close by {@code session}; an orphan nobody holds any more becomes releasable. */
    public void close(long session, long ino) {
        Long2IntOpenHashMap mine = active ? bySession.get(session) : null;
        if (mine == null || mine.get(ino) == 0) {
            return;
        }
        if (mine.addTo(ino, -1) == 1) {
            mine.remove(ino);
            if (mine.isEmpty()) {
                bySession.remove(session);
            }
        }
        drop(ino, 1);
    }

    /**
     * Sessions that hold files open here but that the group's session table does not know (they
     * opened files, which are no log entries, and never sent a mutation or heartbeat) expire when
     * this leader has not heard of them for the lease: a client that died before its first heartbeat.
     */
    public void expireUnknown(long cutoffNs, java.util.function.LongPredicate knownToSessionTable) {
        if (!active) {
            return;
        }
        for (long session : bySession.keySet().toLongArray()) {
            if (!knownToSessionTable.test(session) && lastSeenNs.get(session) < cutoffNs) {
                sessionExpired(session);
            }
        }
    }

    /** The session expired: everything it held is closed and unlocked. */
    public void sessionExpired(long session) {
        locks.sessionExpired(session);
        if (announced.contains(session)) {
            LongOpenHashSet shrunk = new LongOpenHashSet(announced);
            shrunk.remove(session);
            announced = shrunk;
        }
        lastSeenNs.remove(session);
        announcedEpochs.remove(session);
        Long2IntOpenHashMap mine = active ? bySession.remove(session) : null;
        if (mine != null) {
            for (Long2IntMap.Entry e : mine.long2IntEntrySet()) {
                drop(e.getLongKey(), e.getIntValue());
            }
        }
    }

    private void drop(long ino, int count) {
        if (totals.addTo(ino, -count) == count) {
            totals.remove(ino);
            orphaned(ino);
        }
    }

    /** True when {@code ino} is an orphan this leader will release: nobody holds it, the window is over. */
    public boolean releasable(long ino, long nowNs) {
        return orphans.isOrphan(ino) && heldByNobody(ino, nowNs);
    }

    /** True when no session can hold {@code ino} open: this replica leads, the window is over, nobody holds it. */
    public boolean heldByNobody(long ino, long nowNs) {
        return active && !isOpen(ino) && windowOver(nowNs);
    }

    public boolean isOpen(long ino) {
        return totals.get(ino) > 0;
    }

    /** Whether {@code session} holds {@code ino} open on this leader (false on a replica that does not lead). */
    public boolean holds(long session, long ino) {
        Long2IntOpenHashMap mine = active ? bySession.get(session) : null;
        return mine != null && mine.get(ino) > 0;
    }

    /** {@code ino} is (or may be) an orphan: releasable now unless open or inside the window. */
    public void orphaned(long ino) {
        if (active && windowScanned && orphans.isOrphan(ino) && !isOpen(ino)) {
            releasable.add(ino);
        }
    }

    /**
     * Up to {@code max} orphans to release now, oldest first. The first call after the
     * re-announce window scans every orphan the group holds (those of earlier leaders too).
     */
    public LongArrayList takeReleasable(long nowNs, int max) {
        LongArrayList out = new LongArrayList();
        if (!active) {
            return out;
        }
        if (!windowScanned && windowOver(nowNs)) {
            windowScanned = true;
            for (long ino : orphans.sortedOrphans()) {
                orphaned(ino);
            }
        }
        while (out.size() < max && !releasable.isEmpty()) {
            long ino = releasable.removeFirstLong();
            if (orphans.isOrphan(ino) && !isOpen(ino)) {
                out.add(ino);
            }
        }
        return out;
    }

    /**
     * True when every session that opens files (heartbeats recorded it, replicated) announced
     * to this leader: nobody else can hold a file open from an earlier leader, so the window ends.
     */
    private boolean everyOpenerAnnounced() {
        LongOpenHashSet seen = announced;
        return orphans.allOpeners(seen::contains);
    }

    /** Sessions holding files open on this leader (a gauge). */
    public int sessions() {
        return bySession.size();
    }

    /** Files open on this leader (a gauge). */
    public int openFiles() {
        return totals.size();
    }
}
