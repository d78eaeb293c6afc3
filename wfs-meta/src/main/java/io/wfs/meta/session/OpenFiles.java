package io.wfs.meta.session;

import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * The orphans: regular files whose last name went, kept (nlink 0, in no directory) until the
 * group's leader releases them ({@code ReleaseOrphansOp}) once no session holds them open.
 * Replicated, so an open-unlinked file survives a leader change. Which sessions hold which files
 * open is not replicated: the leader keeps that in memory ({@link LeaderOpens}).
 */
public final class OpenFiles {
    private final LongOpenHashSet orphans = new LongOpenHashSet();
    /**
     * The sessions that open files (clients with mounts: they heartbeat), until they expire. A
     * new leader releases no orphan before each of them announced its opens (or its window ends).
     */
    private final LongOpenHashSet openers = new LongOpenHashSet();

    public void markOpener(long session) {
        openers.add(session);
    }

    public boolean isOpener(long session) {
        return openers.contains(session);
    }

    public void forgetOpener(long session) {
        openers.remove(session);
    }

    /** True when {@code test} holds for every opener session (no copy, no sort: asked every housekeeping tick). */
    public boolean allOpeners(java.util.function.LongPredicate test) {
        var it = openers.iterator();
        while (it.hasNext()) {
            if (!test.test(it.nextLong())) {
                return false;
            }
        }
        return true;
    }

    /** The opener sessions, ascending. */
    public long[] sortedOpeners() {
        long[] o = openers.toLongArray();
        Arrays.sort(o);
        return o;
    }

    /** The inode lost its last name; it stays until released. */
    public void orphan(long ino) {
        orphans.add(ino);
    }

    public boolean isOrphan(long ino) {
        return orphans.contains(ino);
    }

    /** Takes {@code ino} off the orphans; true when it was one (the caller deletes it). */
    public boolean release(long ino) {
        return orphans.remove(ino);
    }

    public int orphans() {
        return orphans.size();
    }

    /** The orphans, ascending. */
    public long[] sortedOrphans() {
        long[] o = orphans.toLongArray();
        Arrays.sort(o);
        return o;
    }

    /**
     * Snapshot section: the openers, then the orphans. Before opens left the Raft log the section
     * began with the open counts per session; the openers are written in that shape (a session
     * with no inodes), so snapshots of either layout read on both builds.
     */
    public void write(DataOutputStream out) throws IOException {
        long[] sessions = sortedOpeners();
        out.writeInt(sessions.length);
        for (long session : sessions) {
            out.writeLong(session);
            out.writeInt(0);
        }
        long[] o = sortedOrphans();
        out.writeInt(o.length);
        for (long ino : o) {
            out.writeLong(ino);
        }
    }

    public void read(DataInputStream in) throws IOException {
        orphans.clear();
        openers.clear();
        for (int n = in.readInt(), i = 0; i < n; i++) {
            // A session of an older snapshot came with its open counts: it opened files.
            openers.add(in.readLong());
            for (int m = in.readInt(), j = 0; j < m; j++) {
                in.readLong();
                in.readInt();
            }
        }
        for (int n = in.readInt(), i = 0; i < n; i++) {
            orphans.add(in.readLong());
        }
    }
}
