package io.wfs.store.disk;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An extent's data file opened a second time, by descriptor, for {@link PageCacheReads}. The
 * descriptor is counted while a read uses it and closed only when the last read is done: closing
 * it under a read would let the number be reused by another file, and the read return its bytes.
 */
final class PageCacheFile {
    private final int fd;
    /** The open reference plus one per read in progress; 0 once closed. */
    private final AtomicInteger users;
    private final AtomicBoolean closed = new AtomicBoolean();

    PageCacheFile(Path file) {
        this.fd = PageCacheReads.open(file);
        this.users = new AtomicInteger(fd < 0 ? 0 : 1);
    }

    /** See {@link PageCacheReads#read}; false too once the extent is closed (GC removed it: the caller looks up again). */
    boolean read(long offset, byte[] dst, int pos, int length) {
        if (!acquire()) {
            return false;
        }
        try {
            return PageCacheReads.read(fd, offset, dst, pos, length);
        } finally {
            release();
        }
    }

    void close() {
        if (fd >= 0 && closed.compareAndSet(false, true)) {
            release();
        }
    }

    private boolean acquire() {
        for (int u = users.get(); u > 0; u = users.get()) {
            if (users.compareAndSet(u, u + 1)) {
                return true;
            }
        }
        return false;
    }

    private void release() {
        if (users.decrementAndGet() == 0) {
            PageCacheReads.close(fd);
        }
    }
}
