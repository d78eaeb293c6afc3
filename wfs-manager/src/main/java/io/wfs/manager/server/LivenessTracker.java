package io.wfs.manager.server;

import io.wfs.common.msg.manager.VolumeFill;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;

/**
 * The leader's own observations, not replicated: when each node last sent a heartbeat, each
 * store's free space, and each volume's fill. They change every second on every node; putting
 * them through Raft would cost a log entry per heartbeat for nothing a follower needs. A new
 * leader starts with every node "seen now", which gives each node one full timeout to reach it.
 */
public final class LivenessTracker {
    private final Int2LongOpenHashMap lastSeen = new Int2LongOpenHashMap();
    private final Int2LongOpenHashMap freeBytes = new Int2LongOpenHashMap();
    /** volume → reporting node → its replica's {used, unreclaimed, reclaimed} bytes, as last reported. */
    private final Int2ObjectOpenHashMap<Int2ObjectOpenHashMap<long[]>> volumeFill = new Int2ObjectOpenHashMap<>();
    private long leaderSince;

    public synchronized void reset(long nowMillis) {
        lastSeen.clear();
        freeBytes.clear();
        volumeFill.clear();
        leaderSince = nowMillis;
    }

    public synchronized void seen(int node, long nowMillis) {
        lastSeen.put(node, nowMillis);
    }

    public synchronized void storeReport(int node, long free, VolumeFill fill) {
        freeBytes.put(node, free);
        int[] ids = fill.volumeIds();
        for (int i = 0; i < ids.length; i++) {
            // The latest figure of each replica: punched holes and GC make a replica's usage go down too.
            volumeFill.computeIfAbsent(ids[i], v -> new Int2ObjectOpenHashMap<>())
                    .put(node, new long[] {fill.used(i), fill.unreclaimed(i), fill.reclaimed(i)});
        }
    }

    /** When the node was last heard of (the leadership start if not since). */
    public synchronized long lastSeen(int node) {
        return lastSeen.containsKey(node) ? lastSeen.get(node) : leaderSince;
    }

    /** Milliseconds since the last heartbeat, or -1 when none reached this leader. */
    public synchronized long heartbeatAge(int node, long nowMillis) {
        return lastSeen.containsKey(node) ? nowMillis - lastSeen.get(node) : -1;
    }

    /** Free bytes last reported, or -1. */
    public synchronized long freeBytes(int node) {
        return freeBytes.containsKey(node) ? freeBytes.get(node) : -1;
    }

    /** Bytes the fullest replica of {@code volume} takes on disk (replicas differ by in-flight writes; the fullest decides sealing). */
    public synchronized long volumeUsed(int volume) {
        return fullest(volume, 0);
    }

    /** Bytes of deleted blocks still on disk in the replica that has most. */
    public synchronized long volumeUnreclaimed(int volume) {
        return fullest(volume, 1);
    }

    /** Bytes of deleted blocks given back to the file system, in the replica that gave back most. */
    public synchronized long volumeReclaimed(int volume) {
        return fullest(volume, 2);
    }

    private long fullest(int volume, int column) {
        Int2ObjectOpenHashMap<long[]> replicas = volumeFill.get(volume);
        long max = 0;
        if (replicas != null) {
            for (long[] r : replicas.values()) {
                max = Math.max(max, r[column]);
            }
        }
        return max;
    }
}
