package io.wfs.client.namespace;

import io.wfs.common.msg.meta.InodeAttr;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.HashMap;
import java.util.Map;

/**
 * Names and attributes this client saw recently, trusted for a TTL (client.attr-ttl) so that a
 * hot path costs no RPC. This client's own mutations invalidate what they change; other clients'
 * changes show after the TTL (and at every open, which always asks the server).
 */
public final class MetadataCache {
    private record Entry(long ino, long expiresNs) {
    }

    /** {@code timesStale}: an entry of the directory changed here since; its mode and owner still hold. */
    private record Attr(InodeAttr attr, long expiresNs, boolean timesStale) {
    }

    private record Name(long parent, String name) {
    }

    private final long ttlNs;
    private final Map<Name, Entry> names = new HashMap<>();
    private final Long2ObjectOpenHashMap<Attr> attrs = new Long2ObjectOpenHashMap<>();
    /** Inodes this client created, until when they are known to have no extended attributes. */
    private final it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap bareUntil = new it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap();
    /** Bounds both maps; a full cache is simply cleared (cheap, and rare with a short TTL). */
    private final int maxEntries;

    public MetadataCache(java.time.Duration ttl, int maxEntries) {
        this.ttlNs = ttl.toNanos();
        this.maxEntries = maxEntries;
    }

    public boolean enabled() {
        return ttlNs > 0;
    }

    public synchronized long lookup(long parent, String name) {
        Entry e = names.get(new Name(parent, name));
        if (e == null || System.nanoTime() > e.expiresNs) {
            return 0;
        }
        return e.ino;
    }

    /** Attributes to answer stat with: null when unknown, expired, or their times or link count moved. */
    public synchronized InodeAttr attr(long ino) {
        Attr a = attrs.get(ino);
        if (a == null || a.timesStale || System.nanoTime() > a.expiresNs) {
            return null;
        }
        return a.attr;
    }

    /**
     * Attributes to walk a path through: type, mode and owner, which a change of the directory's
     * entries leaves alone. Without this, every create in a directory made the next one ask the
     * servers for the directory's attributes again.
     */
    public synchronized InodeAttr attrForWalk(long ino) {
        Attr a = attrs.get(ino);
        if (a == null || System.nanoTime() > a.expiresNs) {
            return null;
        }
        return a.attr;
    }

    public synchronized void put(long parent, String name, InodeAttr attr) {
        if (!enabled()) {
            return;
        }
        trim();
        names.put(new Name(parent, name), new Entry(attr.ino(), System.nanoTime() + ttlNs));
        if (!PathResolver.isStub(attr)) {
            attrs.put(attr.ino(), new Attr(attr, System.nanoTime() + ttlNs, false));
        }
    }

    public synchronized void putAttr(InodeAttr attr) {
        if (!enabled() || PathResolver.isStub(attr)) {
            return;
        }
        trim();
        attrs.put(attr.ino(), new Attr(attr, System.nanoTime() + ttlNs, false));
    }

    public synchronized void forgetName(long parent, String name) {
        names.remove(new Name(parent, name));
    }

    public synchronized void forgetAttr(long ino) {
        attrs.remove(ino);
        bareUntil.remove(ino);
    }

    /** {@code ino} was just created here: it has no extended attributes (for the TTL, like its attributes). */
    public synchronized void created(long ino) {
        if (enabled()) {
            trim();
            bareUntil.put(ino, System.nanoTime() + ttlNs);
        }
    }

    /**
     * True when {@code ino} is known to have no extended attributes. The kernel asks for
     * security.capability before every write to a file (to drop file capabilities), which cost a
     * round trip per small file written.
     */
    public synchronized boolean bare(long ino) {
        long until = bareUntil.get(ino);
        return until != 0 && System.nanoTime() <= until;
    }

    /** This client changed an entry of directory {@code ino}: its times and link count are no longer known. */
    public synchronized void entriesChanged(long ino) {
        Attr a = attrs.get(ino);
        if (a != null && !a.timesStale) {
            attrs.put(ino, new Attr(a.attr, a.expiresNs, true));
        }
    }

    private void trim() {
        if (names.size() >= maxEntries || attrs.size() >= maxEntries || bareUntil.size() >= maxEntries) {
            names.clear();
            attrs.clear();
            bareUntil.clear();
        }
    }
}
