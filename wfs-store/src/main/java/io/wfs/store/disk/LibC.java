package io.wfs.store.disk;

import jnr.ffi.LibraryLoader;
import jnr.ffi.Pointer;
import jnr.ffi.annotations.SaveError;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The libc calls the store needs and Java lacks, bound once with jnr-ffi: {@code fallocate} to
 * punch the pages of deleted blocks ({@link HolePunch}), {@code preadv2} to read only what the page
 * cache holds ({@link PageCacheReads}), and the {@code open}/{@code close} of the descriptors they
 * use. {@link #BOUND} is null where libc cannot be bound; each user then works without its call.
 */
public interface LibC {
    int O_RDONLY = 0;
    int O_WRONLY = 1;
    int O_CLOEXEC = 0x80000;
    int ENOENT = 2;
    int EAGAIN = 11;
    int EINVAL = 22;
    int ENOSYS = 38;
    int EOPNOTSUPP = 95;

    /** libc, or null when it cannot be bound (logged once). */
    LibC BOUND = Loader.load();

    @SaveError
    int open(String path, int flags);

    int close(int fd);

    @SaveError
    int fallocate(int fd, int mode, long offset, long length);

    @SaveError
    long preadv2(int fd, Pointer iov, int iovcnt, long offset, int flags);

    /** errno of the last call of this thread that saves it. */
    static int errno() {
        return jnr.ffi.Runtime.getRuntime(BOUND).getLastError();
    }

    /** Binds libc once. */
    final class Loader {
        private static final Logger LOG = LoggerFactory.getLogger(LibC.class);

        private Loader() {
        }

        static LibC load() {
            try {
                return LibraryLoader.create(LibC.class).load("c");
            } catch (RuntimeException | LinkageError e) {
                LOG.warn("cannot bind libc ({}): deleted space comes back through GC only, and every read goes "
                        + "through the worker pool", e.toString());
                return null;
            }
        }
    }
}
