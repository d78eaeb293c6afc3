package io.wfs.client.namespace;

import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.posix.Posix;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Directory attributes answered without a lease, kept for a second only to pass through the
 * directory on the way to a name (MetadataCache#attrToPassThrough, docs/metadata.md, "A directory
 * many mounts write"). Bounded; a full map is cleared. Guarded by the MetadataCache's lock.
 */
final class PassThroughAttrs {
    private record Kept(InodeAttr attr, long expiresNs) {
    }

    /**
     * How long they serve: long enough that the creates of one process in a directory other mounts
     * write too ask for it about once a second, not on every path walk.
     */
    static final long TTL_NS = TimeUnit.SECONDS.toNanos(1);
    private static final int MAX = 4096;

    private final Long2ObjectOpenHashMap<Kept> byIno = new Long2ObjectOpenHashMap<>();

    /** Null when none are kept for {@code ino} or they are older than {@link #TTL_NS}. */
    InodeAttr get(long ino) {
        Kept k = byIno.get(ino);
        return k == null || System.nanoTime() - k.expiresNs > 0 ? null : k.attr;
    }

    /** Keeps a directory's attributes (nothing else: a file is never passed through). */
    void put(InodeAttr dir) {
        if (!Posix.isDirectory(dir.mode()) || PathResolver.isStub(dir)) {
            return;
        }
        if (byIno.size() >= MAX) {
            byIno.clear();
        }
        byIno.put(dir.ino(), new Kept(dir, System.nanoTime() + TTL_NS));
    }

    void remove(long ino) {
        byIno.remove(ino);
    }

    void clear() {
        byIno.clear();
    }
}
