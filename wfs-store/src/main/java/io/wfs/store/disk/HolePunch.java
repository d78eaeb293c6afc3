package io.wfs.store.disk;

import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import jnr.ffi.LibraryLoader;
import jnr.ffi.annotations.SaveError;
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
    private static final int O_WRONLY = 1;
    private static final int FALLOC_FL_KEEP_SIZE = 1;
    private static final int FALLOC_FL_PUNCH_HOLE = 2;
    private static final int ENOENT = 2;
    private static final int EOPNOTSUPP = 95;
    private static final int ENOSYS = 38;

    /** The three libc calls, bound by jnr-ffi. */
    public interface LibC {
        @SaveError
        int open(String path, int flags);

        @SaveError
        int fallocate(int fd, int mode, long offset, long length);

        int close(int fd);
    }

    private static final LibC LIBC = load();
    private static final Set<Path> REFUSED = ConcurrentHashMap.newKeySet();

    private HolePunch() {
    }

    private static LibC load() {
        try {
            return LibraryLoader.create(LibC.class).load("c");
        } catch (RuntimeException | LinkageError e) {
            LOG.warn("cannot bind fallocate(2) from libc ({}): deleted space comes back through GC only", e.toString());
            return null;
        }
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
        jnr.ffi.Runtime runtime = jnr.ffi.Runtime.getRuntime(LIBC);
        int fd = LIBC.open(file.toString(), O_WRONLY);
        if (fd < 0) {
            int errno = runtime.getLastError();
            if (errno == ENOENT) {
                return true;
            }
            throw new java.io.IOException("open " + file + " to punch holes: errno " + errno);
        }
        try {
            for (long r : ranges) {
                long offset = BlockLocation.offset(r);
                long length = BlockLocation.align(offset + BlockLocation.span(r)) - offset;
                if (LIBC.fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, offset, length) != 0) {
                    int errno = runtime.getLastError();
                    if (errno == EOPNOTSUPP || errno == ENOSYS) {
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
