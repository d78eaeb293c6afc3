package io.wfs.store.disk;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the pages of deleted blocks back to the file system at once, with
 * {@code fallocate(FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE)}: the extent keeps its size and
 * every other block its offset, only the freed pages stop taking disk. Java has no call for it,
 * so it goes through jnr-ffi to libc. A folder whose file system refuses (EOPNOTSUPP, e.g. some
 * network file systems) is remembered; GC then seals and compacts its active extents instead.
 */
public final class HolePunch {
    private static final Logger LOG = LoggerFactory.getLogger(HolePunch.class);
    private static final int FALLOC_FL_KEEP_SIZE = 1;
    private static final int FALLOC_FL_PUNCH_HOLE = 2;
    private static final LibC LIBC = LibC.BOUND;
    private static final Set<Path> REFUSED = ConcurrentHashMap.newKeySet();

    private HolePunch() {
    }

    /** Treats {@code dir} as on a file system that cannot punch holes (what EOPNOTSUPP does; tests use it). */
    static void refuse(Path dir) {
        REFUSED.add(dir);
    }

    /** Whether holes can be punched in files of {@code dir} (as far as known: until a punch is refused). */
    public static boolean supported(Path dir) {
        return LIBC != null && !REFUSED.contains(dir);
    }

    /**
     * Punches every {@code [offset, align(offset + span))} of {@code ranges} (packed as
     * {@link BlockLocation}s) in {@code file}. Returns false when the file system refuses (then
     * nothing more is tried in that folder); a file that no longer exists (GC removed the extent)
     * has nothing left to free and counts as done.
     */
    static boolean punch(Path file, long[] ranges) throws java.io.IOException {
        Path dir = file.getParent();
        if (!supported(dir)) {
            return false;
        }
        int fd = LIBC.open(file.toString(), LibC.O_WRONLY);
        if (fd < 0) {
            int errno = LibC.errno();
            if (errno == LibC.ENOENT) {
                return true;
            }
            throw new java.io.IOException("open " + file + " to punch holes: errno " + errno);
        }
        try {
            for (long r : ranges) {
                long offset = BlockLocation.offset(r);
                long length = BlockLocation.align(offset + BlockLocation.span(r)) - offset;
                if (LIBC.fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, offset, length) != 0) {
                    int errno = LibC.errno();
                    if (errno == LibC.EOPNOTSUPP || errno == LibC.ENOSYS) {
                        refuse(dir);
                        LOG.warn("{}: the file system cannot punch holes: deleted space comes back through GC only", dir);
                        return false;
                    }
                    throw new java.io.IOException("fallocate(PUNCH_HOLE) on " + file + " at " + offset + ": errno " + errno);
                }
            }
            return true;
        } finally {
            LIBC.close(fd);
        }
    }
}
