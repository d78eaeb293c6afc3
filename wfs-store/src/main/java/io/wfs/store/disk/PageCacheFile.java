package io.wfs.store.disk;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An extent's data file opened a second time, by descriptor, for {@link PageCacheReads}: at its
 * first such read, so an extent nobody reads (most sealed ones) costs no third descriptor. The
 * descriptor is counted while a read uses it and closed only when the last read is done: closing
 * it under a read would let the number be reused by another file, and the read return its bytes.
 */
final class PageCacheFile {
    private static final int NOT_OPENED = -2;
    private static final int NONE = -1;

    private final Path file;
    /** The open reference plus one per read in progress; 0 once closed. */
    private final AtomicInteger users = new AtomicInteger(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Opened under a reference only, so the last release sees it; NONE when it cannot be opened or is closed. */
    private int fd = NOT_OPENED;

    PageCacheFile(Path file) {
        this.file = file;
    }

    /** See {@link PageCacheReads#read}; false too once the extent is closed (GC removed it: the caller looks up again). */
    boolean read(long offset, byte[] dst, int pos, int length) {
        if (!acquire()) {
            return false;
        }
        try {
            int descriptor = descriptor();
            return descriptor >= 0 && PageCacheReads.read(descriptor, offset, dst, pos, length);
        } finally {
            release();
        }
    }

    void close() {
        if (closed.compareAndSet(false, true)) {
            release();
        }
    }

    private synchronized int descriptor() {
        if (fd == NOT_OPENED) {
            fd = PageCacheReads.open(file);
        }
        return fd;
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
            int open;
            synchronized (this) {
                open = fd;
                fd = NONE;
            }
            PageCacheReads.close(open);
        }
    }
}
