package io.wfs.fuse;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Pointer;
import jnr.ffi.Struct;
import jnr.ffi.byref.IntByReference;
import jnr.ffi.byref.PointerByReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import ru.serce.jnrfuse.FuseException;
import ru.serce.jnrfuse.struct.FuseOperations;

/**
 * The mount's FUSE request loops, on Java threads of our own (docs/client.md, "FUSE threads").
 * jnr-fuse's {@code fuse_main_real} lets libfuse 2.9 run its own worker threads, which it starts
 * when none is idle and retires beyond ten idle ones; each callback on such a thread attached it
 * to the JVM and detached it after (jffi keeps a thread attached only from its 1,000th callback),
 * and that was about 29 % of the CPU of a create workload (docs/benchmarks.md). Here libfuse only
 * sets the mount up ({@code fuse_setup}); {@code threads} Java threads, attached for their whole
 * life, each run libfuse's single-threaded loop ({@code fuse_loop}: read a request from the
 * channel, process it) on the same session, as {@code fuse_loop_mt}'s workers do; the last one
 * to return (at unmount) tears the mount down ({@code fuse_teardown}).
 */
final class FuseLoops {
    private static final Logger LOG = LoggerFactory.getLogger(FuseLoops.class);
    /** Loops a mount grows to at most when its requests keep all busy (libfuse 2.9 sets no limit). */
    static final int MAX_THREADS = 256;

    /** The libfuse 2.9 functions jnr-fuse does not declare. */
    public interface LibFuseLoop {
        Pointer fuse_setup(int argc, String[] argv, FuseOperations op, int opSize, PointerByReference mountpoint,
                           IntByReference multithreaded, Pointer userData);

        int fuse_loop(Pointer fuse);

        void fuse_teardown(Pointer fuse, Pointer mountpoint);
    }

    private final List<Thread> threads = new ArrayList<>();
    private final LibFuseLoop lib;
    private final Pointer fuse;
    private final Pointer mountpoint;
    /** Loops not returned yet; the last one to return tears the mount down. */
    private final AtomicInteger running = new AtomicInteger();
    /** Handlers waiting for another request of this mount (blocking locks): see {@link #blockingWaitStarts}. */
    private int waiting;
    private boolean ended;
    /** Requests being handled now, on any loop: see {@link #requestStarts}. */
    private final AtomicInteger busy = new AtomicInteger();
    /** {@code threads.size()}, read without the lock on every request. */
    private volatile int size;

    private FuseLoops(LibFuseLoop lib, Pointer fuse, Pointer mountpoint) {
        this.lib = lib;
        this.fuse = fuse;
        this.mountpoint = mountpoint;
    }

    /**
     * Mounts with {@code args} (libfuse's command line: a name, {@code -f}, the mount point,
     * options) and starts {@code count} loop threads, every handler counting itself busy through
     * {@code handlers} from the first request on. Throws when libfuse could not mount.
     */
    static FuseLoops start(FuseOperations operations, String[] args, int count, FuseErrors handlers) {
        LibFuseLoop lib = load();
        PointerByReference mountpoint = new PointerByReference();
        Pointer fuse = lib.fuse_setup(args.length, args, operations, Struct.size(operations), mountpoint,
                new IntByReference(), null);
        if (fuse == null) {
            throw new FuseException("libfuse could not mount " + String.join(" ", args) + " (see its message above)");
        }
        FuseLoops loops = new FuseLoops(lib, fuse, mountpoint.getValue());
        handlers.countIn(loops);
        synchronized (loops) {
            for (int i = 0; i < count; i++) {
                loops.startLoop();
            }
        }
        return loops;
    }

    /** libfuse's command line for a mount at {@code mountPoint}: the name, foreground, the folder, the options. */
    static String[] arguments(String name, java.nio.file.Path mountPoint, boolean debug, String[] options) {
        List<String> args = new ArrayList<>(List.of(name, "-f"));
        if (debug) {
            args.add("-d");
        }
        args.add(mountPoint.toAbsolutePath().toString());
        args.addAll(List.of(options));
        return args.toArray(new String[0]);
    }

    /** One more loop thread; under this object's lock. */
    private void startLoop() {
        running.incrementAndGet();
        Thread t = new Thread(this::loop, "wfs-fuse-loop-" + threads.size());
        t.setDaemon(true);
        threads.add(t);
        size = threads.size();
        t.start();
    }

    /** The loop threads started so far (they never retire before the unmount). */
    int threads() {
        return size;
    }

    /**
     * A request's handler starts. When it takes the last loop not busy, one more starts (up to
     * {@link #MAX_THREADS}), so the next request always finds a reader, as libfuse's own workers do:
     * a handler may wait milliseconds for a store or a leader, and many readers of a mount (a data
     * loader's workers) must not queue behind a fixed few. Unlike libfuse's workers, none retires:
     * a retired one cost an attach to the JVM per callback on its successors.
     */
    void requestStarts() {
        if (busy.incrementAndGet() >= size && size < MAX_THREADS) {
            grow();
        }
    }

    void requestEnds() {
        busy.decrementAndGet();
    }

    private synchronized void grow() {
        if (!ended && busy.get() >= threads.size() && threads.size() < MAX_THREADS) {
            startLoop();
            if (threads.size() % 16 == 0) {
                LOG.info("{} FUSE requests at once: {} FUSE threads", busy.get(), threads.size());
            }
        }
    }

    private void loop() {
        try {
            int res = lib.fuse_loop(fuse);
            if (res != 0) {
                LOG.debug("FUSE loop {} ended with {}", Thread.currentThread().getName(), res);
            }
        } finally {
            synchronized (this) {
                ended = true;
            }
            if (running.decrementAndGet() == 0) {
                lib.fuse_teardown(fuse, mountpoint);
            }
        }
    }

    /**
     * A handler is about to wait for another request of this mount (F_SETLKW or a blocking flock
     * waits for an unlock, which comes as a request too). Unlike libfuse's own workers, the loops
     * do not grow by themselves: one more starts whenever the waiters would leave fewer than two
     * loops to serve everything else, so the unlock always finds a thread.
     */
    synchronized void blockingWaitStarts() {
        waiting++;
        if (!ended && threads.size() - waiting < 2) {
            LOG.info("{} FUSE requests wait for locks: one more FUSE thread, {} in all", waiting, threads.size() + 1);
            startLoop();
        }
    }

    synchronized void blockingWaitEnds() {
        waiting--;
    }

    private static LibFuseLoop load() {
        try {
            return LibraryLoader.create(LibFuseLoop.class).failImmediately().load("fuse");
        } catch (Throwable e) {
            return LibraryLoader.create(LibFuseLoop.class).failImmediately().load("libfuse.so.2");
        }
    }
}
