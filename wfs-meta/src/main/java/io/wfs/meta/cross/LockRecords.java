package io.wfs.meta.cross;

import it.unimi.dsi.fastutil.longs.Long2ObjectMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * Facts about locks taken in other groups, kept in the group of a parent directory and keyed by
 * (locked inode, lock time): one instance holds receipts (a link, removal or rename-target step
 * was done here under that lock), another holds fences (the sweep decided that the step of that
 * lock never happened, so it must never happen later). The sweep of the inode's
 * group decides by them through this group's log, which orders the decision and any late step.
 * Records are dropped a long while after they were written (time of the log entry, so every
 * replica drops the same ones); the sweep acts seconds after a lock expires, and a step is
 * refused anyway once its lock is older than {@code CrossGroupTiming.LINK_WINDOW_NS}.
 */
public final class LockRecords {
    /** Far longer than any sweep delay, short enough that records cannot accumulate. */
    static final long RETAIN_NS = 3_600_000_000_000L;
    private static final long PURGE_EVERY_NS = 60_000_000_000L;

    /** Inode → pairs (lock time, written at); rarely more than one pair per inode. */
    private final Long2ObjectOpenHashMap<long[]> byIno = new Long2ObjectOpenHashMap<>();
    private long lastPurgeNs;
    private int size;

    /** Records (ino, lockTimeNs) at log time {@code nowNs}; recording it again changes nothing. */
    public void record(long ino, long lockTimeNs, long nowNs) {
        add(ino, lockTimeNs, nowNs);
        if (nowNs - lastPurgeNs > PURGE_EVERY_NS) {
            purge(nowNs);
        }
    }

    private void add(long ino, long lockTimeNs, long writtenAtNs) {
        if (contains(ino, lockTimeNs)) {
            return;
        }
        long[] pairs = byIno.get(ino);
        long[] grown = pairs == null ? new long[2] : Arrays.copyOf(pairs, pairs.length + 2);
        grown[grown.length - 2] = lockTimeNs;
        grown[grown.length - 1] = writtenAtNs;
        byIno.put(ino, grown);
        size++;
    }

    public boolean contains(long ino, long lockTimeNs) {
        long[] pairs = byIno.get(ino);
        if (pairs != null) {
            for (int i = 0; i < pairs.length; i += 2) {
                if (pairs[i] == lockTimeNs) {
                    return true;
                }
            }
        }
        return false;
    }

    public int size() {
        return size;
    }

    private void purge(long nowNs) {
        lastPurgeNs = nowNs;
        var it = byIno.long2ObjectEntrySet().iterator();
        while (it.hasNext()) {
            Long2ObjectMap.Entry<long[]> e = it.next();
            long[] pairs = e.getValue();
            long[] kept = new long[pairs.length];
            int n = 0;
            for (int i = 0; i < pairs.length; i += 2) {
                if (nowNs - pairs[i + 1] <= RETAIN_NS) {
                    kept[n++] = pairs[i];
                    kept[n++] = pairs[i + 1];
                }
            }
            size -= (pairs.length - n) / 2;
            if (n == 0) {
                it.remove();
            } else if (n < pairs.length) {
                e.setValue(Arrays.copyOf(kept, n));
            }
        }
    }

    void write(DataOutputStream out) throws IOException {
        long[] inos = byIno.keySet().toLongArray();
        Arrays.sort(inos);
        out.writeLong(lastPurgeNs);
        out.writeInt(size);
        for (long ino : inos) {
            long[] pairs = byIno.get(ino);
            for (int i = 0; i < pairs.length; i += 2) {
                out.writeLong(ino);
                out.writeLong(pairs[i]);
                out.writeLong(pairs[i + 1]);
            }
        }
    }

    void read(DataInputStream in) throws IOException {
        byIno.clear();
        size = 0;
        lastPurgeNs = in.readLong();
        for (int i = 0, n = in.readInt(); i < n; i++) {
            add(in.readLong(), in.readLong(), in.readLong());
        }
    }
}
