package io.wfs.client.create;

import io.wfs.client.Caller;
import io.wfs.client.namespace.MetadataCache;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CloseRequest;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.CreateBatchReply;
import io.wfs.common.msg.meta.CreateBatchRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The batches of one client's asynchronous creates (docs/metadata.md, "Asynchronous creates"):
 * one {@code CREATE_BATCH} per directory in flight, built from the files not held back, each with
 * the commit that rode along; the answer applied (a refused file logged and counted as lost, a file
 * closed meanwhile closed on the leader). Guarded by the AsyncCreates lock.
 */
final class CreateBatches {
    /** How long an unlink the group refused with LOCKED waits before it is sent again. */
    private static final long LOCKED_RETRY_MS = 50;
    /** LOCKED refusals of one unlink before it counts as lost: 30 s, past a lock's 5 s expiry and its sweep. */
    private static final int MAX_LOCKED_REFUSALS = 600;
    private static final Logger LOG = LoggerFactory.getLogger(CreateBatches.class);
    /** Slices a file's riding commit may gather; more go as a commit of its own. */
    private static final int MAX_RIDING_SLICES = 256;
    /** Directories known empty here at most (AsyncCreates.emptyHere): beyond, an rmdir goes to the servers. */
    private static final int MAX_HELD_EMPTY = 65_536;

    private final MetaClient meta;
    private final MetadataCache cache;
    private final AsyncCreates owner;
    /** The application holds a file the batch created open: the session counts it from now on. */
    private final LongConsumer openedByBatch;
    /** The owner's timer: unlinks refused with LOCKED are sent again on it. */
    private final java.util.concurrent.ScheduledExecutorService timer;
    private long lost;

    CreateBatches(MetaClient meta, MetadataCache cache, AsyncCreates owner, LongConsumer openedByBatch,
                  java.util.concurrent.ScheduledExecutorService timer) {
        this.meta = meta;
        this.cache = cache;
        this.owner = owner;
        this.openedByBatch = openedByBatch;
        this.timer = timer;
    }

    /** Files the meta groups refused after their application was told they exist. Under the lock. */
    long lost() {
        return lost;
    }

    /**
     * The commit of {@code ino}, written and flushed before its create's batch left, rides in that
     * batch; the answer is what the file's attributes will be. Null when it cannot ride (the file's
     * batch left, or it gathered many slices): it is sent on its own then.
     */
    AttrReply ride(Caller caller, long ino, List<SliceInfo> slices, long size) {
        synchronized (owner) {
            PendingCreate p = owner.pending.get(ino);
            DelegatedDirectory d = p == null ? null : owner.dirs.get(p.dir);
            InodeAttr a = p == null ? null : p.attr;
            if (d == null || !d.queued.contains(p) || p.slices.size() + slices.size() > MAX_RIDING_SLICES
                    || ((a.mode() & (Posix.S_ISUID | Posix.S_ISGID)) != 0 && caller.uid() != 0)) {
                // A write by anyone but root clears set-ids: the servers decide that with a commit of its own.
                if (p != null && LOG.isDebugEnabled()) {
                    LOG.debug("the commit of {} goes on its own: {}", ino, d == null ? "its directory is not held"
                            : !d.queued.contains(p) ? "its create's batch left" : "too many slices or a set-id file");
                }
                return null;
            }
            p.slices.addAll(slices);
            p.size = Math.max(p.size, size);
            long now = System.currentTimeMillis() * 1_000_000L;
            p.committed(new InodeAttr(ino, a.mode(), 1, a.uid(), a.gid(), p.size, a.atimeNs(), now, now, 0, a.parent()));
            p.touch();
            // Cached under the group's lease, as the create's own attributes are: nobody else can change them.
            return new AttrReply(p.attr).withLease();
        }
    }

    /** Sends the next batch of {@code d} unless one is in flight or everything queued is held back. Under the lock. */
    void kick(DelegatedDirectory d) {
        if (d.inFlight != null || (d.queued.isEmpty() && d.removals.isEmpty())) {
            return;
        }
        List<PendingCreate> batch = d.takeBatch(CreateBatchRequest.MAX_FILES);
        int total = 0;
        for (int i = 0; i < batch.size(); i++) {
            total += batch.get(i).slices.size();
            if (total > CommitSlicesRequest.MAX_SLICES) {
                // The rest waits for the next batch, in front of the queue.
                d.queued.addAll(0, batch.subList(i, batch.size()));
                batch = new ArrayList<>(batch.subList(0, i));
                break;
            }
        }
        List<PendingRemoval> removals = d.takeRemovals(batch.isEmpty() ? null : batch.get(0).caller);
        if (batch.isEmpty() && removals.isEmpty()) {
            return;
        }
        d.inFlight = batch;
        d.removalsInFlight = removals;
        Caller c = batch.isEmpty() ? removals.get(0).caller : batch.get(0).caller;
        long[] inos = new long[batch.size()];
        int[] modes = new int[batch.size()];
        int[] lengths = new int[batch.size()];
        byte[] opens = new byte[batch.size()];
        ByteArrayOutputStream names = new ByteArrayOutputStream(batch.size() * 16);
        boolean commits = batch.stream().anyMatch(p -> !p.slices.isEmpty() || p.size > 0);
        int[] sliceCounts = new int[commits ? batch.size() : 0];
        long[] sizes = new long[commits ? batch.size() : 0];
        long[] commitTimes = new long[commits ? batch.size() : 0];
        long[] times = new long[batch.size()];
        List<SliceInfo> slices = new ArrayList<>(commits ? batch.size() : 0);
        for (int i = 0; i < batch.size(); i++) {
            PendingCreate p = batch.get(i);
            inos[i] = p.ino;
            modes[i] = p.attr.mode();
            lengths[i] = p.name.length;
            p.sentHandles = p.handles;
            opens[i] = (byte) p.handles;
            names.writeBytes(p.name);
            times[i] = p.createdNs;
            if (commits) {
                sliceCounts[i] = p.slices.size();
                sizes[i] = p.size;
                commitTimes[i] = p.commitTimeNs;
                slices.addAll(p.slices);
            }
        }
        List<PendingCreate> sent = batch;
        CreateBatchRequest request = new CreateBatchRequest(meta.mutation(c.uid(), c.gid(), c.groups()), d.dir, inos,
                modes, names.toByteArray(), lengths, opens, sliceCounts, slices, sizes, times, commitTimes);
        if (batch.stream().anyMatch(p -> p.changeTimeNs != 0)) {
            withChanges(request, batch);
        }
        if (!removals.isEmpty()) {
            withRemovals(request, removals);
        }
        meta.call(request).whenComplete((reply, error) -> answered(d, sent, removals, reply, error));
    }

    /** The chowns, chmods and utimens folded into the batch's files (their modes are in the batch already). */
    private static void withChanges(CreateBatchRequest request, List<PendingCreate> batch) {
        int n = batch.size();
        int[] uids = new int[n];
        int[] gids = new int[n];
        long[] atimes = new long[n];
        long[] mtimes = new long[n];
        long[] changedAt = new long[n];
        for (int i = 0; i < n; i++) {
            PendingCreate p = batch.get(i);
            uids[i] = p.attr.uid();
            gids[i] = p.attr.gid();
            atimes[i] = p.atimeSet;
            mtimes[i] = p.mtimeSet;
            changedAt[i] = p.changeTimeNs;
        }
        request.withChanges(uids, gids, atimes, mtimes, changedAt);
    }

    private static void withRemovals(CreateBatchRequest request, List<PendingRemoval> removals) {
        ByteArrayOutputStream names = new ByteArrayOutputStream(removals.size() * 16);
        int[] lengths = new int[removals.size()];
        long[] inos = new long[removals.size()];
        for (int i = 0; i < removals.size(); i++) {
            PendingRemoval r = removals.get(i);
            names.writeBytes(r.name);
            lengths[i] = r.name.length;
            inos[i] = r.ino;
        }
        request.withRemovals(names.toByteArray(), lengths, inos);
    }

    private void answered(DelegatedDirectory d, List<PendingCreate> batch, List<PendingRemoval> removals,
                          CreateBatchReply reply, Throwable error) {
        List<Runnable> after = new ArrayList<>(batch.size() + removals.size() + 1);
        // Directories the leader holds for this session from their creation on (most batches: none).
        long[] delegated = reply == null ? new long[0] : reply.delegated();
        it.unimi.dsi.fastutil.longs.LongSet held = delegated.length == 0 ? it.unimi.dsi.fastutil.longs.LongSets.EMPTY_SET
                : new it.unimi.dsi.fastutil.longs.LongOpenHashSet(delegated);
        synchronized (owner) {
            for (int i = 0; i < removals.size(); i++) {
                PendingRemoval r = removals.get(i);
                Object refused = error != null ? error : reply.error(batch.size() + i);
                if (refused == WfsErrorCode.LOCKED && r.lockedRefusals++ < MAX_LOCKED_REFUSALS) {
                    // The file's lock flag is up: a cross-group step on it (a link or rename this client
                    // made a moment ago, whose last step is answered before it is applied) is not
                    // finished. The lock goes within milliseconds, or with the sweep within seconds:
                    // the unlink, already answered, is sent again then.
                    d.refusedLocked.add(r);
                    continue;
                }
                owner.removing.remove(r.ino);
                d.removedByName.remove(r.nameString);
                if (refused != null) {
                    lost++;
                    d.forgetNames();
                    cache.forgetAttr(d.dir); // its link count, if it was an rmdir
                    LOG.warn("unlink or rmdir of {} in directory {} answered under a delegation was refused by the meta"
                            + " group: {}", r.nameString, d.dir, refused);
                }
                after.add(() -> r.applied.complete(null));
            }
            d.removalsInFlight = null;
            if (!d.refusedLocked.isEmpty()) {
                sendRefusedAgainLater(d);
            }
            for (int i = 0; i < batch.size(); i++) {
                PendingCreate p = batch.get(i);
                WfsException refused = error != null ? WfsException.unwrap(error)
                        : reply.error(i) == null ? null : new WfsException(reply.error(i), "refused by the meta group");
                owner.pending.remove(p.ino);
                d.byName.remove(p.nameString);
                if (refused != null) {
                    lost++;
                    d.forgetNames();
                    LOG.warn("file {} created in directory {} under a delegation could not be written to the meta group"
                            + " and is lost: {}", p.nameString, d.dir, refused.toString());
                    cache.forgetName(d.dir, p.nameString);
                    cache.forgetAttr(p.ino);
                    if (p.directory()) {
                        cache.forgetAttr(d.dir); // its link count counted the directory
                    }
                    after.add(() -> p.applied.completeExceptionally(new WfsException(WfsErrorCode.ESTALE,
                            "the create of " + p.nameString + " was refused: " + refused.getMessage())));
                    continue;
                }
                // The group took the times this client told its application: the cached attributes hold.
                // The descriptors still open count for the session from now on; those closed meanwhile close there.
                for (int k = p.closesAfterApply; k < p.sentHandles; k++) {
                    openedByBatch.accept(p.ino);
                }
                for (int k = 0; k < p.closesAfterApply; k++) {
                    after.add(() -> closeOnServer(p));
                }
                if (p.directory() && !p.recalled && held.contains(p.ino) && owner.emptyHere.size() < MAX_HELD_EMPTY) {
                    owner.emptyHere.put(p.ino, d.dir);
                }
                after.add(() -> p.applied.complete(null));
            }
            d.inFlight = null;
            kick(d);
            if (d.idle() && !d.active && owner.dirs.get(d.dir) == d) {
                owner.dirs.remove(d.dir);
            }
        }
        after.forEach(Runnable::run);
    }

    private void sendRefusedAgainLater(DelegatedDirectory d) {
        try {
            timer.schedule(() -> sendRefusedAgain(d), LOCKED_RETRY_MS, java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // Unmounting: the timer stopped, and the drain waits for what is pending.
            sendRefusedAgain(d);
        }
    }

    /** The unlinks refused with LOCKED go in the directory's next batch, before any queued since. */
    private void sendRefusedAgain(DelegatedDirectory d) {
        synchronized (owner) {
            d.removals.addAll(0, d.refusedLocked);
            d.refusedLocked.clear();
            kick(d);
        }
    }

    void closeOnServer(PendingCreate p) {
        Caller c = p.caller;
        meta.call(new CloseRequest(meta.mutation(c.uid(), c.gid(), c.groups()), p.ino)).whenComplete((r, e) -> {
            if (e != null) {
                LOG.warn("close of {} not recorded (the session's expiry releases it): {}", p.ino, e.toString());
            }
        });
    }
}
