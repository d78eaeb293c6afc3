package io.wfs.meta.cross;

import it.unimi.dsi.fastutil.longs.Long2LongMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * Evidence, kept in the group of a parent directory, that a cross-group removal step took out an
 * entry naming an inode locked at a given time: inode → that lock time. The sweep of the inode's
 * group decides an expired REMOVE lock by it, not by the entry's absence: an entry can be absent
 * because the lock was taken on a name that had meanwhile moved (the lock is granted in another
 * group than the entry's), and committing then would delete an inode that still has a name.
 * Receipts are dropped a long while after they were written (time of the log entry, so every
 * replica drops the same ones); the sweep acts seconds after a lock expires.
 */
public final class RemovalReceipts {
    /** Far longer than any sweep delay, short enough that receipts cannot accumulate. */
    static final long RETAIN_NS = 3_600_000_000_000L;
    private static final long PURGE_EVERY_NS = 60_000_000_000L;

    private final Long2LongOpenHashMap lockTimeByIno = new Long2LongOpenHashMap();
    /** Apply time of each receipt, for purging; parallel to {@link #lockTimeByIno}. */
    private final Long2LongOpenHashMap writtenAt = new Long2LongOpenHashMap();
    private long lastPurgeNs;

    /** The entry naming {@code ino}, locked at {@code lockTimeNs}, was removed at {@code nowNs}. */
    public void record(long ino, long lockTimeNs, long nowNs) {
        lockTimeByIno.put(ino, lockTimeNs);
        writtenAt.put(ino, nowNs);
        if (nowNs - lastPurgeNs > PURGE_EVERY_NS) {
            purge(nowNs);
        }
    }

    /** Whether the step of the operation that locked {@code ino} at {@code lockTimeNs} removed its entry here. */
    public boolean removed(long ino, long lockTimeNs) {
        return lockTimeByIno.containsKey(ino) && lockTimeByIno.get(ino) == lockTimeNs;
    }

    public int size() {
        return lockTimeByIno.size();
    }

    private void purge(long nowNs) {
        lastPurgeNs = nowNs;
        var it = writtenAt.long2LongEntrySet().iterator();
        while (it.hasNext()) {
            Long2LongMap.Entry e = it.next();
            if (nowNs - e.getLongValue() > RETAIN_NS) {
                lockTimeByIno.remove(e.getLongKey());
                it.remove();
            }
        }
    }

    void write(DataOutputStream out) throws IOException {
        out.writeLong(lastPurgeNs);
        out.writeInt(lockTimeByIno.size());
        for (Long2LongMap.Entry e : lockTimeByIno.long2LongEntrySet()) {
            out.writeLong(e.getLongKey());
            out.writeLong(e.getLongValue());
            out.writeLong(writtenAt.get(e.getLongKey()));
        }
    }

    void read(DataInputStream in) throws IOException {
        lockTimeByIno.clear();
        writtenAt.clear();
        lastPurgeNs = in.readLong();
        for (int i = 0, n = in.readInt(); i < n; i++) {
            long ino = in.readLong();
            lockTimeByIno.put(ino, in.readLong());
            writtenAt.put(ino, in.readLong());
        }
    }
}
