package io.wfs.meta.lease;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongIterator;

/**
 * Lease keys that several sessions change in turn — a directory that many mounts create in at
 * once (docs/metadata.md, "A directory many mounts write"). A lease on such a key is broken by the
 * next change of another session almost as soon as it is granted, and every break costs the
 * holder a poll round trip and holds the changer's reply until it is acknowledged; a create
 * delegation on it is recalled by the next foreign request. So once two different sessions have
 * changed a key within one window, each change breaking a lease, the key is leased (and
 * delegated) to nobody for a window: its readers ask the leader, as they would of a file system
 * without client caches, and its changes wait for nobody. A change by a different session than
 * the last renews the window; when one session alone changes the key for a whole window, leases
 * come back. One writer with many readers is not contention: its readers keep their leases.
 *
 * <p>Leader memory only, a hint for speed: losing it (a new leader) only means one more round of
 * broken leases. It holds only keys changed in the last window. Guarded by the
 * {@link CacheLeases} lock.
 */
final class ContendedKeys {
    private final long windowNs;
    /** key → the session whose change was last recorded. */
    private final Long2LongOpenHashMap lastChanger = new Long2LongOpenHashMap();
    /** key → when that change was (clock nanoseconds). */
    private final Long2LongOpenHashMap lastChangeAt = new Long2LongOpenHashMap();
    /** key → when its contended window ends; only keys two sessions changed in turn. */
    private final Long2LongOpenHashMap contendedUntil = new Long2LongOpenHashMap();

    ContendedKeys(long windowNs) {
        this.windowNs = windowNs;
    }

    /**
     * {@code session} changed {@code key} at {@code now}; {@code brokeAnother}: the change broke the
     * lease of another session on it.
     */
    void changed(long key, long session, boolean brokeAnother, long now) {
        if (windowNs <= 0) {
            return;
        }
        boolean recent = lastChangeAt.containsKey(key) && now - lastChangeAt.get(key) < windowNs;
        if (!brokeAnother && !(recent && contended(key, now))) {
            return; // nobody else caches it: no lease is being broken
        }
        if (recent && lastChanger.get(key) != session) {
            contendedUntil.put(key, now + windowNs);
        }
        lastChanger.put(key, session);
        lastChangeAt.put(key, now);
    }

    boolean contended(long key, long now) {
        return !contendedUntil.isEmpty() && contendedUntil.containsKey(key) && contendedUntil.get(key) - now > 0;
    }

    /** Forgets changes older than a window and windows that ended. */
    void sweep(long now) {
        for (LongIterator it = lastChangeAt.keySet().iterator(); it.hasNext(); ) {
            long key = it.nextLong();
            if (now - lastChangeAt.get(key) >= windowNs && !contended(key, now)) {
                it.remove();
                lastChanger.remove(key);
                contendedUntil.remove(key);
            }
        }
    }

    /** Keys leased to nobody (the gauge meta.cache_leases.contended): windows that ended count until the next sweep. */
    int size() {
        return contendedUntil.size();
    }

    void clear() {
        lastChanger.clear();
        lastChangeAt.clear();
        contendedUntil.clear();
    }
}
