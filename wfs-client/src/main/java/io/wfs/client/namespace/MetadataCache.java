package io.wfs.client.namespace;

import io.wfs.client.namespace.CacheLeaseKeeper.GroupLease;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.posix.Posix;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongIterator;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Names and attributes this client saw, so that a hot path costs no RPC. An answer the group's
 * leader leased ({@link CacheLeaseKeeper}) is served until the leader invalidates its key or the
 * group's lease lapses: coherent with every other client (docs/metadata.md, "Client caches with
 * leases"). An answer without a lease is trusted for {@code client.attr-ttl} only. This client's
 * own mutations update or forget what they change.
 *
 * <p>Lease keys: a directory's entries and its own attributes are under the directory's inode
 * number, a file's attributes under its parent's; an invalidation of a key drops all of them.
 */
public final class MetadataCache {
    private record Entry(long ino, long expiresNs, GroupLease lease) {
        boolean valid(long now) {
            return lease != null ? lease.valid(now) : now - expiresNs <= 0;
        }
    }

    /** {@code timesStale}: an entry of the directory changed here since; its mode and owner still hold. */
    private record Attr(InodeAttr attr, long expiresNs, boolean timesStale, GroupLease lease) {
        boolean valid(long now) {
            return lease != null ? lease.valid(now) : now - expiresNs <= 0;
        }
    }

    /** How long unleased attributes of a directory serve {@link #attrToPassThrough}. */
    static final long PASS_THROUGH_NS = PassThroughAttrs.TTL_NS;

    private final long ttlNs;
    /** parent → name → entry. */
    private final Long2ObjectOpenHashMap<Map<String, Entry>> names = new Long2ObjectOpenHashMap<>();
    private int nameCount;
    private final Long2ObjectOpenHashMap<Attr> attrs = new Long2ObjectOpenHashMap<>();
    private final PassThroughAttrs passThrough = new PassThroughAttrs();
    /** Directories with changes of their entries this client sent and has not seen answered, and how many. */
    private final Long2IntOpenHashMap changing = new Long2IntOpenHashMap();
    /** Of those, the ones where two changes (or a change and a local create) overlapped. */
    private final LongOpenHashSet overlapped = new LongOpenHashSet();
    /** Lease key → inodes whose leased attributes are cached under it. */
    private final Long2ObjectOpenHashMap<LongOpenHashSet> attrsByKey = new Long2ObjectOpenHashMap<>();
    /** Inodes this client created, until when they are known to have no extended attributes. */
    private final Long2LongOpenHashMap bareUntil = new Long2LongOpenHashMap();
    private volatile java.util.function.LongPredicate notYetCreated = ino -> false;
    /** Bounds the maps; a full cache is simply cleared (cheap, and rare). */
    private final int maxEntries;
    /** Bumped by every invalidation: an answer asked for before one may not be cached as leased. */
    private volatile long generation;

    public MetadataCache(java.time.Duration ttl, int maxEntries) {
        this.ttlNs = ttl.toNanos();
        this.maxEntries = maxEntries;
    }

    /** Read before sending a request whose answer may be cached as leased; passed back to the put. */
    public long generation() {
        return generation;
    }

    public synchronized long lookup(long parent, String name) {
        Map<String, Entry> dir = names.get(parent);
        Entry e = dir == null ? null : dir.get(name);
        return e == null || !e.valid(System.nanoTime()) ? 0 : e.ino;
    }

    /** Attributes to answer stat with: null when unknown, expired, or their times or link count moved. */
    public synchronized InodeAttr attr(long ino) {
        Attr a = attrs.get(ino);
        return a == null || a.timesStale || !a.valid(System.nanoTime()) ? null : a.attr;
    }

    /**
     * Attributes to walk a path through: type, mode and owner, which a change of the directory's
     * entries leaves alone. Without this, every create in a directory made the next one ask the
     * servers for the directory's attributes again.
     */
    public synchronized InodeAttr attrForWalk(long ino) {
        Attr a = attrs.get(ino);
        return a == null || !a.valid(System.nanoTime()) ? null : a.attr;
    }

    /**
     * A directory's attributes to pass through it on a path walk: those of {@link #attrForWalk}, else
     * ones answered without a lease less than {@link #PASS_THROUGH_NS} ago. Those may be stale (a
     * chmod on another mount), so they serve only steps the servers check themselves: a name in the
     * directory that is not cached here ({@code PathResolver} checks a cached name's search
     * permission against {@link #attrForWalk}). The leader leases nothing of a directory that several
     * mounts change in turn; without this, each create there asked for the directory's attributes
     * once per path walk, four times a file.
     */
    public synchronized InodeAttr attrToPassThrough(long ino) {
        InodeAttr a = attrForWalk(ino);
        if (a != null) {
            return a;
        }
        return passThrough.get(ino);
    }

    /** A directory's attributes the leader did not lease: kept for {@link #attrToPassThrough} only. */
    public synchronized void putPassThrough(InodeAttr dir) {
        passThrough.put(dir);
    }

    /** An answer without a lease (kept for client.attr-ttl). */
    public void put(long parent, String name, InodeAttr attr) {
        put(parent, name, attr, null, generation);
    }

    /**
     * Caches a name and its attributes; {@code lease}: the group's lease if the leader leased the
     * answer, which counts only if no invalidation came since {@code askedAt} ({@link #generation()}).
     */
    public synchronized void put(long parent, String name, InodeAttr attr, GroupLease lease, long askedAt) {
        GroupLease l = askedAt == generation ? lease : null;
        if (l == null && ttlNs <= 0) {
            // Not kept: nor may what was cached before this answer be served any more.
            forgetName(parent, name);
            if (!leasedAndNotOlder(attr)) {
                attrs.remove(attr.ino());
            }
            return;
        }
        trim();
        long expires = System.nanoTime() + ttlNs;
        if (names.computeIfAbsent(parent, p -> new HashMap<>()).put(name, new Entry(attr.ino(), expires, l)) == null) {
            nameCount++;
        }
        if (!PathResolver.isStub(attr) && (l != null || !leasedAndNotOlder(attr))) {
            storeAttr(attr, l, expires);
        }
    }

    /**
     * True when the attributes cached for {@code answer}'s inode are leased, valid, and at least as
     * new as the answer (by ctime, which every change of an inode moves): an answer the leader did
     * not lease does not displace them. They are coherent (the leader tells this client of any
     * other session's change of them before that change is done), and a directory this client
     * creates in under a delegation is ahead of the servers' answers until its batch is applied
     * ({@link #touchedHere}). Without this, the unleased lookup of a directory's name in a parent
     * other mounts change (the kernel's path walk, on every file) dropped the directory's leased
     * attributes, and the kernel's next getattr of it sent the creates pending there early.
     * A newer answer (another session's change whose invalidation is on its way) still wins.
     */
    private boolean leasedAndNotOlder(InodeAttr answer) {
        Attr a = attrs.get(answer.ino());
        return a != null && a.lease != null && !a.timesStale && a.valid(System.nanoTime())
                && a.attr.ctimeNs() >= answer.ctimeNs();
    }

    /** Attributes without a lease (kept for client.attr-ttl). */
    public void putAttr(InodeAttr attr) {
        putAttr(attr, null, generation);
    }

    public synchronized void putAttr(InodeAttr attr, GroupLease lease, long askedAt) {
        GroupLease l = askedAt == generation ? lease : null;
        if (PathResolver.isStub(attr)) {
            return;
        }
        passThrough.remove(attr.ino());
        if (l == null && leasedAndNotOlder(attr)) {
            return;
        }
        if (l == null && ttlNs <= 0) {
            // Not kept: nor may the attributes cached before this answer be served any more.
            attrs.remove(attr.ino());
            return;
        }
        trim();
        storeAttr(attr, l, System.nanoTime() + ttlNs);
    }

    private void storeAttr(InodeAttr attr, GroupLease lease, long expires) {
        attrs.put(attr.ino(), new Attr(attr, expires, false, lease));
        if (lease != null) {
            attrsByKey.computeIfAbsent(keyOf(attr), k -> new LongOpenHashSet(4)).add(attr.ino());
        }
    }

    static long keyOf(InodeAttr a) {
        return Posix.isDirectory(a.mode()) ? a.ino() : a.parent();
    }

    public synchronized void forgetName(long parent, String name) {
        Map<String, Entry> dir = names.get(parent);
        if (dir != null && dir.remove(name) != null) {
            nameCount--;
            if (dir.isEmpty()) {
                names.remove(parent);
            }
        }
    }

    public synchronized void forgetAttr(long ino) {
        attrs.remove(ino);
        passThrough.remove(ino);
        bareUntil.remove(ino);
    }

    /** The leader says these keys changed: drop their names and attributes (before acknowledging). */
    public synchronized void invalidate(long[] keys) {
        generation++;
        for (long key : keys) {
            Map<String, Entry> dir = names.remove(key);
            if (dir != null) {
                nameCount -= dir.size();
            }
            attrs.remove(key);
            passThrough.remove(key);
            LongOpenHashSet inos = attrsByKey.remove(key);
            if (inos != null) {
                for (LongIterator it = inos.iterator(); it.hasNext(); ) {
                    long ino = it.nextLong();
                    bareUntil.remove(ino);
                    Attr a = attrs.get(ino);
                    if (a != null && a.lease != null && keyOf(a.attr) == key) {
                        attrs.remove(ino);
                    }
                }
            }
        }
    }

    /**
     * {@code lease}'s group lapsed or restarted: what it leased may be stale and goes. What other
     * groups leased stays: their leaders still send its invalidations. (Clearing everything here made
     * every leader change or lost poll of any group empty the whole cache.)
     */
    public synchronized void dropLeased(GroupLease lease) {
        generation++;
        for (var dirs = names.long2ObjectEntrySet().fastIterator(); dirs.hasNext(); ) {
            Map<String, Entry> dir = dirs.next().getValue();
            int before = dir.size();
            dir.values().removeIf(e -> e.lease == lease);
            nameCount -= before - dir.size();
            if (dir.isEmpty()) {
                dirs.remove();
            }
        }
        for (var it = attrs.long2ObjectEntrySet().fastIterator(); it.hasNext(); ) {
            Attr a = it.next().getValue();
            if (a.lease == lease) {
                it.remove();
                LongOpenHashSet underKey = attrsByKey.get(keyOf(a.attr));
                if (underKey != null && underKey.remove(a.attr.ino()) && underKey.isEmpty()) {
                    attrsByKey.remove(keyOf(a.attr));
                }
            }
        }
    }

    /** {@code ino} was just created here: it has no extended attributes (for the TTL, like its attributes). */
    public synchronized void created(long ino) {
        trim();
        bareUntil.put(ino, System.nanoTime() + Math.max(ttlNs, TimeUnit.SECONDS.toNanos(1)));
    }

    /**
     * True when {@code ino} is known to have no extended attributes: created here just now, or so
     * say its cached attributes. The kernel asks for security.capability before every write to a
     * file (to drop file capabilities), which cost a round trip per small file written and one per
     * write(2) of a rewritten file (a database's pages, fio's random writes).
     */
    public boolean bare(long ino) {
        // Outside this cache's lock: the test takes AsyncCreates' lock, which calls into this cache.
        if (notYetCreated.test(ino)) {
            return true;
        }
        synchronized (this) {
            long now = System.nanoTime();
            long until = bareUntil.get(ino);
            if (until != 0 && now - until <= 0) {
                return true;
            }
            // Attributes the leader leased say so: a setxattr by anyone moves ctime and takes the lease back first.
            Attr a = attrs.get(ino);
            return a != null && a.attr.noXattrs() && a.valid(now);
        }
    }

    /**
     * Files this client told its application about and has not sent yet (AsyncCreates): they have
     * no extended attributes, as a setxattr waits for the file's batch.
     */
    public void useNotYetCreated(java.util.function.LongPredicate pending) {
        this.notYetCreated = pending;
    }

    /**
     * A file was created in {@code dir} by this client under a create delegation: nobody else can
     * change the directory meanwhile, so its cached attributes stay servable with the create's time
     * (an application stat'ing the directory, or the kernel revalidating it, costs no round trip).
     */
    public void touchedHere(long dir, long timeNs) {
        touchedHere(dir, timeNs, 0);
    }

    /** As {@link #touchedHere(long, long)}, for a directory made there too: its link count moves by {@code links}. */
    public synchronized void touchedHere(long dir, long timeNs, int links) {
        if (changing.containsKey(dir)) {
            // A change in flight answers with the directory as the servers had it: not this touch.
            overlapped.add(dir);
        }
        Attr a = attrs.get(dir);
        if (a != null && !a.timesStale) {
            InodeAttr d = a.attr;
            attrs.put(dir, new Attr(new InodeAttr(d.ino(), d.mode(), d.nlink() + links, d.uid(), d.gid(), d.size(), d.atimeNs(),
                    timeNs, timeNs, d.rdev(), d.parent()), a.expiresNs, false, a.lease));
        } else if (a != null && links != 0) {
            // Its link count is asked again (after what is pending), never served wrong: find counts on it.
            attrs.remove(dir);
        }
    }

    /** This client sends a change of {@code dir}'s entries (ended by {@link #changeEnds}). */
    public synchronized void changeStarts(long dir) {
        if (changing.addTo(dir, 1) > 0) {
            overlapped.add(dir);
        }
    }

    /**
     * A change of {@code dirIno}'s entries this client sent is answered (or failed), with the
     * directory's attributes after it ({@code dir}, null when not sent). They are kept under
     * {@code lease} only when nothing could have changed the directory meanwhile: no invalidation
     * since {@code askedAt}, and no other change of it by this client in flight at the same time
     * (their answers may come in any order, and an older one must not win). Otherwise, as
     * {@link #entriesChanged}: walkable, not for stat.
     */
    public synchronized void changeEnds(long dirIno, InodeAttr dir, GroupLease lease, long askedAt) {
        boolean alone = !overlapped.contains(dirIno);
        if (changing.addTo(dirIno, -1) <= 1) {
            changing.remove(dirIno);
            overlapped.remove(dirIno);
        }
        if (alone && dir != null && lease != null && askedAt == generation) {
            trim();
            storeAttr(dir, lease, System.nanoTime() + ttlNs);
        } else {
            entriesChanged(dirIno);
        }
    }

    /**
     * A change of {@code ino}'s own attributes this client sent (setattr) is answered with them
     * ({@code attr}), or failed (null). Kept as {@link #putAttr} does when no other change of it was
     * in flight; otherwise forgotten, mode and owner included: the answers may have come in any
     * order, and walks must not check permissions against an older mode.
     */
    public synchronized void attrsChangeEnds(long ino, InodeAttr attr, GroupLease lease, long askedAt) {
        boolean alone = !overlapped.contains(ino);
        if (changing.addTo(ino, -1) <= 1) {
            changing.remove(ino);
            overlapped.remove(ino);
        }
        if (alone && attr != null) {
            putAttr(attr, lease, askedAt);
        } else {
            forgetAttr(ino);
        }
    }

    public synchronized void entriesChanged(long ino) {
        Attr a = attrs.get(ino);
        if (a != null && !a.timesStale) {
            attrs.put(ino, new Attr(a.attr, a.expiresNs, true, a.lease));
        }
    }

    private void trim() {
        if (nameCount >= maxEntries || attrs.size() >= maxEntries || bareUntil.size() >= maxEntries) {
            names.clear();
            nameCount = 0;
            attrs.clear();
            attrsByKey.clear();
            bareUntil.clear();
            passThrough.clear();
        }
    }
}
