package io.wfs.store.disk;

import java.nio.file.Path;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads that never wait for a disk: {@code preadv2(RWF_NOWAIT)} returns the bytes only when the
 * page cache holds all of them, and EAGAIN otherwise. The store answers a small read that way on
 * the connection's event loop and so saves the worker pool's two thread hand-offs (there and back)
 * of every random 4 KiB read its page cache can serve (docs/store.md, "Reads from the page cache");
 * a read the disk must serve still goes to the workers, so an event loop never waits on a disk.
 * Java has no such call: it is {@link LibC}'s. A kernel
 * or file system that refuses the flag turns these reads off for the process: every read then
 * takes the worker path, as before.
 */
public final class PageCacheReads {
    private static final Logger LOG = LoggerFactory.getLogger(PageCacheReads.class);
    /** The most one nowait read may return: a 4 KiB read reads one 64 KiB chunk and its CRC, a 128 KiB small file two. */
    public static final int MAX_BYTES = 256 << 10;
    private static final int RWF_NOWAIT = 0x8;
    private static final LibC LIBC = LibC.BOUND;
    private static volatile boolean refused;
    /** Per thread (the event loops): one iovec pointing at one native buffer of {@link #MAX_BYTES}. */
    private static final ThreadLocal<Pointer[]> BUFFERS = ThreadLocal.withInitial(PageCacheReads::buffers);

    private PageCacheReads() {
    }

    private static Pointer[] buffers() {
        jnr.ffi.Runtime runtime = jnr.ffi.Runtime.getRuntime(LIBC);
        Pointer buffer = Memory.allocateDirect(runtime, MAX_BYTES);
        Pointer iov = Memory.allocateDirect(runtime, 16);
        iov.putAddress(0, buffer.address());
        return new Pointer[] {iov, buffer};
    }

    /** Whether nowait reads are tried at all (libc bound, and no refusal seen). */
    public static boolean available() {
        return LIBC != null && !refused;
    }

    /** Turns nowait reads off for the process, or on again (what a refusal does; tests use it to take the worker path). */
    static void refuse(boolean refuse) {
        refused = refuse;
    }

    /** Opens {@code file} read-only for nowait reads: its descriptor, or -1 when these reads are off or it cannot be opened. */
    static int open(Path file) {
        if (!available()) {
            return -1;
        }
        int fd = LIBC.open(file.toString(), LibC.O_RDONLY | LibC.O_CLOEXEC);
        if (fd < 0) {
            LOG.debug("cannot open {} for page-cache reads: errno {}", file, LibC.errno());
        }
        return fd;
    }

    static void close(int fd) {
        if (fd >= 0 && LIBC != null) {
            LIBC.close(fd);
        }
    }

    /**
     * Copies {@code length} bytes at {@code offset} of {@code fd} into {@code dst} from {@code pos}
     * if the page cache holds them all; false (nothing copied) when any is on disk only, past the
     * end of the file, or more than {@link #MAX_BYTES}.
     */
    static boolean read(int fd, long offset, byte[] dst, int pos, int length) {
        if (length > MAX_BYTES || !available()) {
            return false;
        }
        Pointer[] b = BUFFERS.get();
        b[0].putLong(8, length);
        long n = LIBC.preadv2(fd, b[0], 1, offset, RWF_NOWAIT);
        if (n == length) {
            b[1].get(0, dst, pos, length);
            return true;
        }
        if (n < 0) {
            int errno = LibC.errno();
            if (errno == LibC.EOPNOTSUPP || errno == LibC.EINVAL || errno == LibC.ENOSYS) {
                // The kernel or the file system cannot do it (EINVAL: a kernel without the flag).
                refused = true;
                LOG.warn("preadv2(RWF_NOWAIT) refused with errno {}: every read goes through the worker pool", errno);
            }
            // EAGAIN: a page is on disk only. Anything else (EIO of a bad page) is the worker's to read and report.
        }
        return false;
    }
}
