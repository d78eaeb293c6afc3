package io.wfs.meta.cross;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.meta.server.MetaGroupReplica;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * What a coordinating leader uses to reach other groups with the lock flag (docs/metadata.md): each step
 * passes the test fault hook first, step 3 (resolving the lock) is skipped when step 2's outcome is
 * unknown, and renames spanning groups run as blocking code ({@link CrossGroupRename}) on a small
 * thread pool. The protocols themselves live in the op classes' leader steps: {@code MkdirOp.lead},
 * {@code LinkOp.lead}, {@code EntryRemoval.leadAcrossGroups} (rmdir, unlink) and {@code RenameOp.lead}.
 * A crash between steps leaves a locked inode with its intent, which the child group's
 * {@link LockSweeper} rolls forward or back.
 */
public final class CrossGroupSteps {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CrossGroupSteps.class);
    public static final String MKDIR = "mkdir";
    public static final String RMDIR = "rmdir";
    public static final String UNLINK = "unlink";
    public static final String LINK = "link";

    private final MetaClient peers;
    private volatile CrossGroupFaults faults = CrossGroupFaults.NONE;
    private final CrossGroupRename renames;
    /** Finishes expired locks (every second, and on {@code wfs fsck --repair}'s request). */
    private final LockSweeper sweeper;
    /** Renames are many sequential steps: they run as blocking code on these threads, not on RPC threads. */
    private final ExecutorService renameThreads;

    public CrossGroupSteps(MetaClient peers, java.time.Duration renameLeaseTerm) {
        this.peers = peers;
        this.sweeper = new LockSweeper(peers);
        this.renames = new CrossGroupRename(new CrossGroupCalls(peers, RENAME_STEP_TIMEOUT), () -> faults, renameLeaseTerm);
        this.renameThreads = new ThreadPoolExecutor(RENAME_THREADS, RENAME_THREADS, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(1024), daemonThreads());
    }

    private static final int RENAME_THREADS = 8;
    private static final java.time.Duration RENAME_STEP_TIMEOUT = java.time.Duration.ofSeconds(10);

    private static ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "cross-group-rename-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    public void close() {
        renameThreads.shutdownNow();
    }

    public void setFaults(CrossGroupFaults faults) {
        this.faults = faults;
    }

    public LockSweeper sweeper() {
        return sweeper;
    }

    /** This server's client for the other groups. */
    public MetaClient peers() {
        return peers;
    }

    /** Runs a rename whose inodes span groups ({@link CrossGroupRename}) on the rename threads. */
    public CompletableFuture<OkReply> rename(MetaGroupReplica replica, RenameRequest req) {
        try {
            return CompletableFuture.supplyAsync(() -> renames.run(replica, req), renameThreads);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.EBUSY, "too many cross-group renames"));
        }
    }

    /** Step 3, unless step 2 may or may not have happened: then the sweep decides once the lock expires. */
    public void resolveUnlessUnknown(long ino, long lockTimeNs, boolean commit, Throwable stepError) {
        resolveUnlessUnknown(ino, lockTimeNs, commit, stepError, 0);
    }

    /**
     * As {@link #resolveUnlessUnknown(long, long, boolean, Throwable)}, for a removal whose client
     * session {@code onBehalfOf} forgets the name and the inode itself: a commit does not recall it.
     */
    public void resolveUnlessUnknown(long ino, long lockTimeNs, boolean commit, Throwable stepError, long onBehalfOf) {
        if (StepOutcome.unknown(stepError)) {
            LOG.warn("step 2 on {} ended without a known outcome ({}): the sweep resolves its lock", ino, stepError.toString());
            return;
        }
        resolve(ino, lockTimeNs, commit, commit ? onBehalfOf : 0);
    }

    /** Step 3. Its failure is left to the sweep: the answer to the client does not wait for it. */
    private void resolve(long ino, long lockTimeNs, boolean commit, long onBehalfOf) {
        String op = commit ? "commit" : "undo";
        step(op, 3, () -> peers.call(new ResolveLockRequest(internal(), ino, lockTimeNs, commit).onBehalfOf(onBehalfOf)));
    }

    /** A header for the coordinator's own steps: root, this server's session. */
    public MetaHeader internal() {
        return peers.mutation(0, 0);
    }

    /** One step of {@code operation}; a test's fault hook may stop the coordinator before it, as a crash would. */
    public <T> CompletableFuture<T> step(String operation, int step, Supplier<CompletableFuture<T>> action) {
        try {
            faults.beforeStep(operation, step);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.UNAVAILABLE,
                    "coordinator stopped before " + operation + " step " + step + ": " + e.getMessage()));
        }
        return action.get();
    }
}
