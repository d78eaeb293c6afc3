package io.wfs.meta.cross;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CreateLockedRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LinkLockedChildRequest;
import io.wfs.common.msg.meta.LockForRemoveRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.LockForLinkRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.msg.meta.UnlinkLockedChildRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Response;
import io.wfs.common.route.MetaClient;
import io.wfs.meta.ops.MkdirOp;
import io.wfs.meta.ops.NewEntry;
import io.wfs.meta.ops.Permissions;
import io.wfs.meta.server.MetaGroupReplica;
import io.wfs.common.msg.meta.RenameRequest;
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
 * Runs mkdir, rmdir, unlink and link whose two inodes live in different groups, on the leader of the
 * parent's group, with the lock flag (docs/metadata.md): (1) lock the child in its group, recording
 * the intent; (2) add or remove the entry here, only while the lock is young; (3) resolve the
 * lock (commit or undo). A crash between steps leaves a locked inode with its intent, which the
 * child group's {@link LockSweeper} rolls forward or back. The client's (session, seq) rides on
 * step 2, so a retried request is answered from that record. Renames spanning groups are
 * handed to {@link CrossGroupRename}.
 */
public final class CrossGroupCoordinator {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CrossGroupCoordinator.class);
    public static final String MKDIR = "mkdir";
    public static final String RMDIR = "rmdir";
    public static final String UNLINK = "unlink";
    public static final String LINK = "link";

    private final MetaClient peers;
    private volatile CrossGroupFaults faults = CrossGroupFaults.NONE;
    private final CrossGroupRename renames;
    /** Renames are many sequential steps: they run as blocking code on these threads, not on RPC threads. */
    private final ExecutorService renameThreads;

    public CrossGroupCoordinator(MetaClient peers, java.time.Duration renameLeaseTerm) {
        this.peers = peers;
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

    /** The cross-group run of {@code request}, or null when it stays within {@code replica}'s group. */
    public CompletableFuture<? extends Response> tryCoordinate(MetaGroupReplica replica, Object request) {
        if (!replica.raft().isLeader()) {
            return null;
        }
        try {
            if (request instanceof MkdirRequest m) {
                return mkdir(replica, m);
            }
            if (request instanceof RmdirRequest r) {
                return remove(replica, r.header(), r.parent(), r.name(), true);
            }
            if (request instanceof UnlinkRequest u) {
                return remove(replica, u.header(), u.parent(), u.name(), false);
            }
            if (request instanceof LinkRequest l) {
                return link(replica, l);
            }
            if (request instanceof RenameRequest r) {
                return rename(replica, r);
            }
            return null;
        } catch (WfsException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private CompletableFuture<AttrReply> mkdir(MetaGroupReplica replica, MkdirRequest req) {
        int slot = MkdirOp.targetSlot(req.parent(), req.name());
        if (replica.machine().owns(slot)) {
            return null;
        }
        MetaHeader h = req.header();
        CompletableFuture<AttrReply> replay = recorded(replica, h, MessageType.LINK_LOCKED_CHILD);
        if (replay != null) {
            return replay;
        }
        MkdirOp.Placement place = replica.machine().inspect(h, MetaGroupReplica.nowNs(),
                ctx -> MkdirOp.checkAndPlace(ctx, req.parent(), req.name(), req.mode()));
        return step(MKDIR, 1, () -> peers.call(new CreateLockedRequest(internal(), slot, place.permissions(), h.uid(),
                place.gid(), req.parent(), req.name())))
                .thenCompose(child -> {
                    InodeAttr c = child.attr();
                    return step(MKDIR, 2, () -> replica.propose(MessageType.LINK_LOCKED_CHILD,
                            new LinkLockedChildRequest(h, req.parent(), req.name(), c.ino(),
                                    Posix.S_IFDIR | place.permissions(), c.ctimeNs())))
                            .handle((linked, error) -> {
                                AttrReply reply = (AttrReply) linked;
                                // A retry that raced past the replay check: the earlier run's child wins.
                                boolean replayed = reply != null && reply.attr().ino() != c.ino();
                                boolean commit = error == null && !replayed;
                                resolveUnlessUnknown(c.ino(), c.ctimeNs(), commit, error);
                                if (error != null) {
                                    throw WfsException.unwrap(error);
                                }
                                return replayed ? reply : child;
                            });
                });
    }

    private CompletableFuture<OkReply> rename(MetaGroupReplica replica, RenameRequest req) {
        MetaHeader h = req.header();
        CompletableFuture<OkReply> replay = recorded(replica, h, MessageType.RENAME_ENTRIES);
        if (replay != null) {
            return replay;
        }
        if (replica.machine().inspect(h, MetaGroupReplica.nowNs(), ctx -> RenamePreparation.isLocal(ctx, req))) {
            return null;
        }
        try {
            return CompletableFuture.supplyAsync(() -> renames.run(replica, req), renameThreads);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.EBUSY, "too many cross-group renames"));
        }
    }

    private CompletableFuture<AttrReply> link(MetaGroupReplica replica, LinkRequest req) {
        if (replica.machine().owns((int) (req.ino() >>> 52))) {
            return null;
        }
        MetaHeader h = req.header();
        CompletableFuture<AttrReply> replay = recorded(replica, h, MessageType.LINK_LOCKED_CHILD);
        if (replay != null) {
            return replay;
        }
        replica.machine().inspect(h, MetaGroupReplica.nowNs(), ctx -> NewEntry.checkParentForCoordinator(ctx, req.newParent(),
                req.newName()));
        return step(LINK, 1, () -> peers.call(new LockForLinkRequest(internal(), req.ino(), req.newParent(), req.newName())))
                .thenCompose(target -> {
                    InodeAttr t = target.attr();
                    return step(LINK, 2, () -> replica.propose(MessageType.LINK_LOCKED_CHILD,
                            new LinkLockedChildRequest(h, req.newParent(), req.newName(), t.ino(), t.mode(), t.ctimeNs())))
                            .handle((linked, error) -> {
                                resolveUnlessUnknown(t.ino(), t.ctimeNs(), error == null, error);
                                if (error != null) {
                                    throw WfsException.unwrap(error);
                                }
                                return target;
                            });
                });
    }

    /** rmdir ({@code directory}) or unlink of an entry whose inode lives in another group. */
    private CompletableFuture<OkReply> remove(MetaGroupReplica replica, MetaHeader h, long parent, byte[] name,
                                              boolean directory) {
        long child = replica.machine().inspect(h, MetaGroupReplica.nowNs(), ctx -> {
            Permissions.require(ctx.directory(parent), ctx.caller(), Posix.X_OK);
            return ctx.slotOf(parent).lookup(parent, name);
        });
        if (child == 0 || replica.machine().owns((int) (child >>> 52))) {
            CompletableFuture<OkReply> replay = recorded(replica, h, MessageType.UNLINK_LOCKED_CHILD);
            return replay != null ? replay : null;
        }
        String op = directory ? RMDIR : UNLINK;
        return step(op, 1, () -> peers.call(new LockForRemoveRequest(internal(), child, parent, name, directory)))
                .thenCompose(victim -> step(op, 2, () -> replica.propose(MessageType.UNLINK_LOCKED_CHILD,
                        new UnlinkLockedChildRequest(h, parent, name, child, victim.attr().uid(), victim.attr().ctimeNs(),
                                directory)))
                        .handle((removed, error) -> {
                            resolveUnlessUnknown(child, victim.attr().ctimeNs(), error == null, error);
                            if (error != null) {
                                throw WfsException.unwrap(error);
                            }
                            return OkReply.INSTANCE;
                        }));
    }

    /** Step 3, unless step 2 may or may not have happened: then the sweep decides once the lock expires. */
    private void resolveUnlessUnknown(long ino, long lockTimeNs, boolean commit, Throwable stepError) {
        if (StepOutcome.unknown(stepError)) {
            LOG.warn("step 2 on {} ended without a known outcome ({}): the sweep resolves its lock", ino, stepError.toString());
            return;
        }
        resolve(ino, lockTimeNs, commit);
    }

    /** Step 3. Its failure is left to the sweep: the answer to the client does not wait for it. */
    private void resolve(long ino, long lockTimeNs, boolean commit) {
        String op = commit ? "commit" : "undo";
        step(op, 3, () -> peers.call(new ResolveLockRequest(internal(), ino, lockTimeNs, commit)));
    }

    @SuppressWarnings("unchecked")
    private static <R extends Response> CompletableFuture<R> recorded(MetaGroupReplica replica, MetaHeader h,
                                                                      MessageType stepType) {
        if (h.session() == 0) {
            return null;
        }
        Object r = replica.machine().recordedResult(h.session(), h.seq(), stepType);
        if (r == null) {
            return null;
        }
        return r instanceof WfsException e ? CompletableFuture.failedFuture(e) : CompletableFuture.completedFuture((R) r);
    }

    private MetaHeader internal() {
        return peers.mutation(0, 0);
    }

    private <T> CompletableFuture<T> step(String operation, int step, Supplier<CompletableFuture<T>> action) {
        try {
            faults.beforeStep(operation, step);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.UNAVAILABLE,
                    "coordinator stopped before " + operation + " step " + step + ": " + e.getMessage()));
        }
        return action.get();
    }
}
