package io.wfs.manager.server;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;

/**
 * The leader's own observations, not replicated: when each node last sent a heartbeat, each
 * store's free space, and each volume's fill. They change every second on every node; putting
 * them through Raft would cost a log entry per heartbeat for nothing a follower needs. A new
 * leader starts with every node "seen now", which gives each node one full timeout to reach it.
 */
public final class LivenessTracker {
    private final Int2LongOpenHashMap lastSeen = new Int2LongOpenHashMap();
    private final Int2LongOpenHashMap freeBytes = new Int2LongOpenHashMap();
    private final Int2LongOpenHashMap volumeUsed = new Int2LongOpenHashMap();
    private long leaderSince;

    public synchronized void reset(long nowMillis) {
        lastSeen.clear();
        freeBytes.clear();
        volumeUsed.clear();
        leaderSince = nowMillis;
    }

    public synchronized void seen(int node, long nowMillis) {
        lastSeen.put(node, nowMillis);
    }

    public synchronized void storeReport(int node, long free, int[] volumeIds, long[] used) {
        freeBytes.put(node, free);
        for (int i = 0; i < volumeIds.length; i++) {
            // Replicas of one volume may differ by in-flight writes; the fullest decides sealing.
            volumeUsed.put(volumeIds[i], Math.max(volumeUsed.get(volumeIds[i]), used[i]));
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

    public synchronized long volumeUsed(int volume) {
        return volumeUsed.get(volume);
    }
}
