package io.wfs.meta.session;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * Which sessions hold which inodes open, and the orphans: inodes whose last name went while
 * open, kept (nlink 0, in no directory) until their last close or their sessions' expiry.
 * Replicated, so an open-unlinked file survives a leader change.
 */
public final class OpenFiles {
    private final Long2ObjectOpenHashMap<Long2IntOpenHashMap> bySession = new Long2ObjectOpenHashMap<>();
    private final Long2IntOpenHashMap totals = new Long2IntOpenHashMap();
    private final LongOpenHashSet orphans = new LongOpenHashSet();

    public void open(long session, long ino) {
        bySession.computeIfAbsent(session, s -> new Long2IntOpenHashMap(2)).addTo(ino, 1);
        totals.addTo(ino, 1);
    }

    /** One close; returns true when this was the last open of an orphan (the caller deletes it). */
    public boolean close(long session, long ino) {
        Long2IntOpenHashMap mine = bySession.get(session);
        if (mine == null || mine.get(ino) == 0) {
            return false;
        }
        if (mine.addTo(ino, -1) == 1) {
            mine.remove(ino);
            if (mine.isEmpty()) {
                bySession.remove(session);
            }
        }
        return release(ino, 1);
    }

    /** Closes everything of an expired session; returns the orphans it was the last to hold. */
    public LongArrayList closeSession(long session) {
        LongArrayList lastHolders = new LongArrayList();
        Long2IntOpenHashMap mine = bySession.remove(session);
        if (mine != null) {
            long[] inos = mine.keySet().toLongArray();
            Arrays.sort(inos);
            for (long ino : inos) {
                if (release(ino, mine.get(ino))) {
                    lastHolders.add(ino);
                }
            }
        }
        return lastHolders;
    }

    private boolean release(long ino, int count) {
        if (totals.addTo(ino, -count) == count) {
            totals.remove(ino);
            return orphans.remove(ino);
        }
        return false;
    }

    public boolean isOpen(long ino) {
        return totals.get(ino) > 0;
    }

    /** The inode lost its last name but stays for its open handles. */
    public void orphan(long ino) {
        orphans.add(ino);
    }

    public int orphans() {
        return orphans.size();
    }

    public void write(DataOutputStream out) throws IOException {
        long[] sessions = bySession.keySet().toLongArray();
        Arrays.sort(sessions);
        out.writeInt(sessions.length);
        for (long s : sessions) {
            Long2IntOpenHashMap mine = bySession.get(s);
            long[] inos = mine.keySet().toLongArray();
            Arrays.sort(inos);
            out.writeLong(s);
            out.writeInt(inos.length);
            for (long ino : inos) {
                out.writeLong(ino);
                out.writeInt(mine.get(ino));
            }
        }
        long[] o = orphans.toLongArray();
        Arrays.sort(o);
        out.writeInt(o.length);
        for (long ino : o) {
            out.writeLong(ino);
        }
    }

    public void read(DataInputStream in) throws IOException {
        bySession.clear();
        totals.clear();
        orphans.clear();
        for (int n = in.readInt(), i = 0; i < n; i++) {
            long s = in.readLong();
            for (int m = in.readInt(), j = 0; j < m; j++) {
                long ino = in.readLong();
                int count = in.readInt();
                bySession.computeIfAbsent(s, x -> new Long2IntOpenHashMap(2)).put(ino, count);
                totals.addTo(ino, count);
            }
        }
        for (int n = in.readInt(), i = 0; i < n; i++) {
            orphans.add(in.readLong());
        }
    }
}
