package io.wfs.fuse;

import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2LongOpenHashMap;
import it.unimi.dsi.fastutil.objects.ObjectArraySet;
import java.util.List;

/**
 * The names this mount has seen of each file with more than one link. libfuse's high-level API
 * gives every name its own kernel inode, so a change through one name leaves the others' cached
 * attributes old; these are the names {@link KernelAttrRefresh} refreshes after such a change.
 * Only hard-linked files are here (a few, usually), bounded: a full table is simply cleared, and a
 * name it no longer knows lags as before, by at most attr_timeout.
 */
final class LinkedNames {
    private static final int MAX_NAMES = 65_536;

    private final Long2ObjectOpenHashMap<ObjectArraySet<String>> byIno = new Long2ObjectOpenHashMap<>();
    private final Object2LongOpenHashMap<String> inoOf = new Object2LongOpenHashMap<>();
    /** How many names are kept, read without the lock: every getattr of a file with one link asks. */
    private volatile int size;

    /** {@code path} names {@code ino}, which has {@code nlink} links. */
    void seen(String path, long ino, long nlink) {
        if (nlink < 2 && size == 0) {
            return;
        }
        seenLocked(path, ino, nlink);
    }

    private synchronized void seenLocked(String path, long ino, long nlink) {
        if (nlink < 2 && !inoOf.containsKey(path)) {
            return;
        }
        forget(path);
        if (nlink < 2) {
            return;
        }
        if (inoOf.size() >= MAX_NAMES) {
            byIno.clear();
            inoOf.clear();
            size = 0;
        }
        byIno.computeIfAbsent(ino, k -> new ObjectArraySet<>(2)).add(path);
        inoOf.put(path, ino);
        size = inoOf.size();
    }

    /** The file {@code path} named, or 0 when it is not a known name of a hard-linked file. */
    long inoOf(String path) {
        return size == 0 ? 0 : inoOfLocked(path);
    }

    private synchronized long inoOfLocked(String path) {
        return inoOf.getLong(path);
    }

    /** {@code path} names nothing any more (unlink, or renamed away / over). */
    synchronized void forget(String path) {
        long ino = inoOf.removeLong(path);
        if (ino != 0) {
            ObjectArraySet<String> names = byIno.get(ino);
            names.remove(path);
            if (names.isEmpty()) {
                byIno.remove(ino);
            }
            size = inoOf.size();
        }
    }

    /** The known names of {@code ino} other than {@code except}. */
    List<String> othersOf(long ino, String except) {
        return size == 0 ? List.of() : othersOfLocked(ino, except);
    }

    private synchronized List<String> othersOfLocked(long ino, String except) {
        ObjectArraySet<String> names = byIno.get(ino);
        if (names == null) {
            return List.of();
        }
        return names.stream().filter(n -> !n.equals(except)).toList();
    }
}
