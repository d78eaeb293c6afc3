package io.wfs.fuse;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Pointer;
import jnr.ffi.Runtime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the kernel fetch fresh attributes for other names of a changed file: statx with
 * AT_STATX_FORCE_SYNC on the mount, which the kernel answers with a GETATTR to this daemon.
 * libfuse's high-level API hides the kernel node ids, so the kernel's own invalidation
 * (notify_inval_inode) is out of reach; this is the path-based way to the same end.
 *
 * <p>It runs while the kernel still waits for the reply of the operation that made the change,
 * which may hold locks a path walk needs (a directory whose entry must be looked up again): so
 * the calls run on their own threads and the operation waits for them at most {@link #WAIT_MS}.
 * A call that waits longer finishes after the reply, refreshing the name then.
 */
final class KernelAttrRefresh {
    private static final Logger LOG = LoggerFactory.getLogger(KernelAttrRefresh.class);
    static final long WAIT_MS = 200;
    private static final int AT_FDCWD = -100;
    private static final int AT_SYMLINK_NOFOLLOW = 0x100;
    private static final int AT_STATX_FORCE_SYNC = 0x2000;
    private static final int STATX_BASIC_STATS = 0x7ff;

    /** The one libc call needed. */
    public interface LibC {
        int statx(int dirfd, String path, int flags, int mask, Pointer buffer);
    }

    private static final LibC LIBC = LibraryLoader.create(LibC.class).load("c");

    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "wfs-fuse-attr-refresh");
        t.setDaemon(true);
        return t;
    });

    /** Refreshes {@code names} (paths as libfuse passes them, under {@code mountPoint}). */
    void refresh(Path mountPoint, List<String> names) {
        if (names.isEmpty() || mountPoint == null) {
            return;
        }
        List<CompletableFuture<Void>> calls = new ArrayList<>(names.size());
        for (String name : names) {
            String full = mountPoint + name;
            calls.add(CompletableFuture.runAsync(() -> statx(full), threads));
        }
        try {
            CompletableFuture.allOf(calls.toArray(new CompletableFuture[0])).get(WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            LOG.debug("refreshing {} did not finish within {} ms; it completes after the reply", names, WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            LOG.debug("refreshing {} failed: {}", names, e.getCause().toString());
        }
    }

    private static void statx(String path) {
        Pointer buffer = Runtime.getSystemRuntime().getMemoryManager().allocateDirect(256);
        // The outcome does not matter: a name that went answers ENOENT, which is what it should.
        LIBC.statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW | AT_STATX_FORCE_SYNC, STATX_BASIC_STATS, buffer);
    }
}
