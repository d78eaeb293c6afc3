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
     * Snapshot section. Before opens left the Raft log it began with the replicated open counts
     * per session; the count of such sessions is still written (always 0) so that snapshots of
     * both layouts read alike.
     */
    public void write(DataOutputStream out) throws IOException {
        out.writeInt(0);
        long[] o = sortedOrphans();
        out.writeInt(o.length);
        for (long ino : o) {
            out.writeLong(ino);
        }
    }

    public void read(DataInputStream in) throws IOException {
        orphans.clear();
        for (int n = in.readInt(), i = 0; i < n; i++) {
            // An older snapshot's open counts: the sessions re-announce them to the new leader.
            in.readLong();
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
