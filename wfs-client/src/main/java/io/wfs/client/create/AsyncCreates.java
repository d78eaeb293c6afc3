package io.wfs.client.create;

import io.wfs.client.Caller;
import io.wfs.client.namespace.CacheLeaseKeeper;
import io.wfs.client.namespace.MetadataCache;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AnnounceOpensRequest;
import io.wfs.common.msg.meta.CacheLeasePollRequest;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CloseRequest;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.CreateBatchReply;
import io.wfs.common.msg.meta.CreateBatchRequest;
import io.wfs.common.msg.meta.CreateDelegationReply;
import io.wfs.common.msg.meta.DelegateCreatesRequest;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.ReaddirReply;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.NamedInodes;
import io.wfs.common.msg.meta.SessionHeartbeatRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.posix.NewFileRules;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.RequestGate;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates this client answers itself (docs/metadata.md, "Asynchronous creates"), as CephFS's
 * asynchronous directory operations do. After a second create in a directory the client asks its
 * group's leader for a delegation ({@code DELEGATE_CREATES}): a range of inode numbers and the
 * promise that no other session changes or reads the directory before this client gave it back.
 * Then a create is answered here at once, and the files go to the leader in batches, one Raft
 * entry each ({@code CREATE_BATCH}), sent as soon as the previous batch was answered.
 *
 * <p>Order: a request of this client about a file still pending, or about a delegated directory
 * with files pending (other than a lookup of a name not pending), waits until they are applied
 * ({@link #before}, the {@link RequestGate} of the client's MetaClient). A recall (the directory's
 * cache-lease invalidation) sends what is pending before the poll acknowledges it.
 * Durability: a file is on the group's majority once its batch is answered; fsync of the file,
 * fsync of the directory, and unmount wait for that.
 */
public final class AsyncCreates implements RequestGate, CacheLeaseKeeper.RecallListener {
    private static final Logger LOG = LoggerFactory.getLogger(AsyncCreates.class);
    /** How long a directory is not asked for again after a refusal or a recall. */
    private static final long RETRY_NS = TimeUnit.SECONDS.toNanos(1);
    /** How long a directory that cannot be delegated (under a quota, outside a scope) is not asked for again. */
    private static final long REFUSED_NS = TimeUnit.MINUTES.toNanos(1);
    private static final int MAX_COUNTED_DIRS = 4096;
    /** How long a file just created is kept out of batches for its commit to ride along (a small file's write and close). */
    private static final long HOLD_MS = 20;
    /** Slices a file's riding commit may gather; more go as a commit of its own. */
    private static final int MAX_RIDING_SLICES = 256;
    /** Names remembered per delegated directory to answer lookups of absent names without a round trip. */
    private static final int MAX_KNOWN_NAMES = 65_536;

    private final MetaClient meta;
    private final MetadataCache cache;
    private final CacheLeaseKeeper leases;
    /** The application holds a file the batch created open: the session counts it from now on. */
    private final LongConsumer openedByBatch;
    private final Long2ObjectOpenHashMap<DelegatedDirectory> dirs = new Long2ObjectOpenHashMap<>();
    private final Long2ObjectOpenHashMap<PendingCreate> pending = new Long2ObjectOpenHashMap<>();
    /** Synchronous creates per directory since the last delegation there: the second asks for one. */
    private final Long2IntOpenHashMap createsSeen = new Long2IntOpenHashMap();
    private final Long2LongOpenHashMap notBeforeNs = new Long2LongOpenHashMap();
    /** Directories whose delegation is being asked for; a recall meanwhile voids the answer. */
    private final LongOpenHashSet asking = new LongOpenHashSet();
    /** Per directory: this client's requests changing its entries that have not been answered yet. */
    private final Long2IntOpenHashMap changesInFlight = new Long2IntOpenHashMap();
    /** Per directory: the {@link #epoch} of this client's last request changing its entries. */
    private final Long2LongOpenHashMap lastChange = new Long2LongOpenHashMap();
    private long epoch;
    /** {@link #lastChange} was cleared at this epoch: an older reading of it proves nothing. */
    private long forgottenAt;
    private long lost;
    private final java.util.concurrent.ScheduledExecutorService timer = java.util.concurrent.Executors
            .newSingleThreadScheduledExecutor(new io.netty.util.concurrent.DefaultThreadFactory("wfs-client-creates", true));

    public AsyncCreates(MetaClient meta, MetadataCache cache, CacheLeaseKeeper leases, LongConsumer openedByBatch) {
        this.meta = meta;
        this.cache = cache;
        this.leases = leases;
        this.openedByBatch = openedByBatch;
    }

    /**
     * Creates regular file {@code name} in {@code dir}, open, without asking the servers; null
     * when this client holds no usable delegation there (the caller creates it the usual way).
     */
    public InodeAttr create(Caller caller, long dir, byte[] name, String nameString, int permissions) {
        InodeAttr parent = cache.attrForWalk(dir);
        if (parent == null || !delegated(caller, dir)) {
            return null;
        }
        long now = System.currentTimeMillis() * 1_000_000L;
        int gid = NewFileRules.groupFor(parent.mode(), parent.gid(), caller.gid());
        int mode = Posix.S_IFREG | NewFileRules.permissionsFor(permissions & Posix.PERMISSION_BITS, gid,
                caller.uid() == 0, caller.gid() == gid || contains(caller.groups(), gid));
        InodeAttr attr;
        synchronized (this) {
            DelegatedDirectory d = dirs.get(dir);
            if (d == null || !d.usable(System.nanoTime()) || d.byName.containsKey(nameString)) {
                return null;
            }
            long ino = d.takeNumber();
            attr = new InodeAttr(ino, mode, 1, caller.uid(), gid, 0, now, now, now, 0, dir);
            PendingCreate p = new PendingCreate(dir, ino, name, nameString, mode, caller, attr);
            d.queued.add(p);
            d.byName.put(nameString, p);
            if (d.complete) {
                boolean isNew = d.names.add(nameString);
                if (!isNew || d.names.size() > MAX_KNOWN_NAMES) {
                    incomplete(d);
                }
            }
            pending.put(ino, p);
            cache.put(dir, nameString, attr, d.lease, cache.generation());
            cache.touchedHere(dir, now);
            cache.created(ino);
            release(p, HOLD_MS);
        }
        return attr;
    }

    private static boolean contains(int[] groups, int gid) {
        for (int g : groups) {
            if (g == gid) {
                return true;
            }
        }
        return false;
    }

    /** True when this client may create in {@code dir} now, asking for a delegation first when it is time to. */
    private boolean delegated(Caller caller, long dir) {
        synchronized (this) {
            DelegatedDirectory d = dirs.get(dir);
            long now = System.nanoTime();
            if (d != null) {
                if (d.usable(now)) {
                    return true;
                }
                if (d.active && !d.hasNumbers() && d.lease.valid(now) && !asking.contains(dir)) {
                    asking.add(dir);
                } else {
                    return false;
                }
            } else {
                if (asking.contains(dir) || now - notBeforeNs.get(dir) < 0) {
                    return false;
                }
                if (createsSeen.size() > MAX_COUNTED_DIRS) {
                    createsSeen.clear();
                }
                if (createsSeen.addTo(dir, 1) < 1) {
                    // The first create here goes the usual way: a lone create is not worth a delegation.
                    return false;
                }
                asking.add(dir);
            }
        }
        return ask(caller, dir);
    }

    private boolean ask(Caller caller, long dir) {
        CreateDelegationReply reply;
        List<String> names;
        long askedAt;
        boolean quiet;
        synchronized (this) {
            askedAt = ++epoch;
            // A change of this client still in flight could land after the listing below.
            quiet = changesInFlight.get(dir) == 0;
        }
        try {
            reply = io.wfs.client.data.Rpc.await(meta.call(new DelegateCreatesRequest(
                    meta.mutation(caller.uid(), caller.gid(), caller.groups()), dir)));
            names = namesOf(caller, dir, reply.entries());
        } catch (WfsException e) {
            LOG.debug("no create delegation on {}: {}", dir, e.toString());
            synchronized (this) {
                asking.remove(dir);
                // Held by another session now (EAGAIN): soon again. Never here (a quota, a scoped mount): rarely.
                notBeforeNs.put(dir, System.nanoTime() + (e.code() == WfsErrorCode.EAGAIN ? RETRY_NS : REFUSED_NS));
            }
            return false;
        }
        synchronized (this) {
            if (!asking.remove(dir)) {
                // Recalled while the answer travelled: the leader already took it back.
                return false;
            }
            createsSeen.remove(dir);
            DelegatedDirectory d = dirs.get(dir);
            if (d == null || !d.active) {
                if (d != null && !d.idle()) {
                    return false;
                }
                d = new DelegatedDirectory(dir, meta.groupOf(dir).id(), leases.of(dir, true));
                dirs.put(dir, d);
            }
            boolean unchanged = quiet && forgottenAt < askedAt && lastChange.get(dir) < askedAt;
            if (names != null && unchanged && d.idle() && !d.complete) {
                // Nobody else changes the directory from now on, and this client's own changes are seen
                // by before(): the names read after the grant are all there are.
                d.names.clear();
                d.names.addAll(names);
                d.complete = true;
            }
            d.addRange(reply.firstIno(), reply.count());
            return d.usable(System.nanoTime());
        }
    }

    /** The names of {@code dir} (which has {@code entries}) in one readdir page, or null when it has more. */
    private List<String> namesOf(Caller caller, long dir, int entries) {
        if (entries == 0) {
            return List.of();
        }
        if (entries > ReaddirRequest.MAX_ENTRIES) {
            return null;
        }
        ReaddirReply page = io.wfs.client.data.Rpc.await(meta.call(new ReaddirRequest(
                // With the session: a request without one would recall this very delegation.
                meta.leasedQuery(caller.uid(), caller.gid(), caller.groups()), dir, 0, ReaddirRequest.MAX_ENTRIES, false)));
        if (!page.eof()) {
            return null;
        }
        List<String> names = new ArrayList<>(page.entries().size());
        for (DirEntry e : page.entries()) {
            names.add(new String(e.name(), StandardCharsets.UTF_8));
        }
        return names;
    }

    /** Lets {@code p} go into a batch after {@code ms}: its commit may ride along until then. */
    private void release(PendingCreate p, long ms) {
        try {
            timer.schedule(() -> {
                synchronized (this) {
                    p.held = false;
                    DelegatedDirectory d = dirs.get(p.dir);
                    if (d != null) {
                        kick(d);
                    }
                }
            }, ms, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            p.held = false;
        }
    }

    /** Someone waits for {@code p}: it leaves with the next batch. Under the lock. */
    private CompletableFuture<Void> urge(PendingCreate p) {
        p.held = false;
        DelegatedDirectory d = dirs.get(p.dir);
        if (d != null) {
            kick(d);
        }
        return p.applied;
    }

    /** Someone waits for everything pending in {@code d} now ({@code refusals}: a refused file fails the wait). Under the lock. */
    private CompletableFuture<Void> urge(DelegatedDirectory d, boolean refusals) {
        CompletableFuture<Void> now = d.pendingNow(refusals);
        kick(d);
        return now;
    }

    /**
     * The commit of {@code ino}, written and flushed before its create's batch left, rides in that
     * batch; the answer is what the file's attributes will be. Null when it cannot ride (the file's
     * batch left, or it gathered many slices): it is sent on its own then.
     */
    public AttrReply ride(Caller caller, long ino, List<SliceInfo> slices, long size) {
        synchronized (this) {
            PendingCreate p = pending.get(ino);
            DelegatedDirectory d = p == null ? null : dirs.get(p.dir);
            InodeAttr a = p == null ? null : p.attr;
            if (d == null || !d.queued.contains(p) || p.slices.size() + slices.size() > MAX_RIDING_SLICES
                    || ((a.mode() & (Posix.S_ISUID | Posix.S_ISGID)) != 0 && caller.uid() != 0)) {
                // A write by anyone but root clears set-ids: the servers decide that with a commit of its own.
                return null;
            }
            p.slices.addAll(slices);
            p.size = Math.max(p.size, size);
            long now = System.currentTimeMillis() * 1_000_000L;
            p.commitTimeNs = now;
            return new AttrReply(new InodeAttr(ino, a.mode(), 1, a.uid(), a.gid(), p.size, a.atimeNs(), now, now, 0, a.parent()));
        }
    }

    /** Sends the next batch of {@code d} unless one is in flight or everything queued is held back. Under the lock. */
    private void kick(DelegatedDirectory d) {
        if (d.inFlight != null || d.queued.isEmpty()) {
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
        if (batch.isEmpty()) {
            return;
        }
        d.inFlight = batch;
        Caller c = batch.get(0).caller;
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
            modes[i] = p.mode;
            lengths[i] = p.name.length;
            opens[i] = (byte) (p.open ? 1 : 0);
            names.writeBytes(p.name);
            times[i] = p.attr.ctimeNs();
            if (commits) {
                sliceCounts[i] = p.slices.size();
                sizes[i] = p.size;
                commitTimes[i] = p.commitTimeNs;
                slices.addAll(p.slices);
            }
        }
        List<PendingCreate> sent = batch;
        meta.call(new CreateBatchRequest(meta.mutation(c.uid(), c.gid(), c.groups()), d.dir, inos, modes,
                names.toByteArray(), lengths, opens, sliceCounts, slices, sizes, times, commitTimes))
                .whenComplete((reply, error) -> answered(d, sent, reply, error));
    }

    private void answered(DelegatedDirectory d, List<PendingCreate> batch, CreateBatchReply reply, Throwable error) {
        List<Runnable> after = new ArrayList<>(batch.size() + 1);
        synchronized (this) {
            for (int i = 0; i < batch.size(); i++) {
                PendingCreate p = batch.get(i);
                WfsException refused = error != null ? WfsException.unwrap(error)
                        : reply.error(i) == null ? null : new WfsException(reply.error(i), "refused by the meta group");
                pending.remove(p.ino);
                d.byName.remove(p.nameString);
                if (refused != null) {
                    lost++;
                    incomplete(d);
                    LOG.warn("file {} created in directory {} under a delegation could not be written to the meta group"
                            + " and is lost: {}", p.nameString, d.dir, refused.toString());
                    cache.forgetName(d.dir, p.nameString);
                    cache.forgetAttr(p.ino);
                    after.add(() -> p.applied.completeExceptionally(new WfsException(WfsErrorCode.ESTALE,
                            "the create of " + p.nameString + " was refused: " + refused.getMessage())));
                    continue;
                }
                // The group took the times this client told its application: the cached attributes hold.
                if (p.closeAfterApply) {
                    after.add(() -> closeOnServer(p));
                } else if (p.open) {
                    openedByBatch.accept(p.ino);
                }
                after.add(() -> p.applied.complete(null));
            }
            d.inFlight = null;
            kick(d);
            if (d.idle() && !d.active && dirs.get(d.dir) == d) {
                dirs.remove(d.dir);
            }
        }
        after.forEach(Runnable::run);
    }

    private void closeOnServer(PendingCreate p) {
        Caller c = p.caller;
        meta.call(new CloseRequest(meta.mutation(c.uid(), c.gid(), c.groups()), p.ino)).whenComplete((r, e) -> {
            if (e != null) {
                LOG.warn("close of {} not recorded (the session's expiry releases it): {}", p.ino, e.toString());
            }
        });
    }

    /**
     * The application closed its handle of {@code ino}: true when this handles the close (a file
     * whose batch has not been answered yet), false when the session closes it as any other file.
     */
    public synchronized boolean closed(long ino) {
        PendingCreate p = pending.get(ino);
        if (p == null) {
            return false;
        }
        DelegatedDirectory d = dirs.get(p.dir);
        if (d != null && d.queued.contains(p)) {
            p.open = false;
            // Closed: nothing more will ride with it.
            urge(p);
        } else {
            p.closeAfterApply = true;
        }
        return true;
    }

    private static void incomplete(DelegatedDirectory d) {
        d.complete = false;
        d.names.clear();
    }

    /**
     * True when {@code name} is not in {@code dir}, as this client knows without asking: it holds
     * the directory's delegation, the directory was empty when delegated, and only this client's
     * creates added names since (the kernel's lookup before each create then costs no round trip).
     */
    public synchronized boolean knownAbsent(long dir, String name) {
        DelegatedDirectory d = dirs.get(dir);
        return d != null && d.active && d.complete && d.lease.valid(System.nanoTime()) && !d.names.contains(name);
    }

    /** Requests of this client that change a directory's entries other than its creates under the delegation. */
    private static boolean changesEntries(MetaRequest<?> request) {
        return request instanceof io.wfs.common.msg.meta.MknodRequest || request instanceof io.wfs.common.msg.meta.MkdirRequest
                || request instanceof io.wfs.common.msg.meta.SymlinkRequest || request instanceof io.wfs.common.msg.meta.NewLinkRequest
                || request instanceof io.wfs.common.msg.meta.UnlinkRequest || request instanceof io.wfs.common.msg.meta.RmdirRequest
                || request instanceof io.wfs.common.msg.meta.RenameRequest;
    }

    @Override
    public CompletableFuture<Void> before(MetaRequest<?> request) {
        if (request instanceof CreateBatchRequest || request instanceof DelegateCreatesRequest
                || request instanceof CacheLeasePollRequest || request instanceof SessionHeartbeatRequest
                || request instanceof AnnounceOpensRequest) {
            return null;
        }
        long[] named = NamedInodes.of(request);
        if (named == null) {
            named = new long[] {request.routingIno()};
        }
        List<CompletableFuture<Void>> waits = new ArrayList<>(0);
        synchronized (this) {
            if (changesEntries(request)) {
                epoch++;
                if (lastChange.size() > MAX_COUNTED_DIRS) {
                    lastChange.clear();
                    forgottenAt = epoch;
                }
                for (long ino : named) {
                    changesInFlight.addTo(ino, 1);
                    lastChange.put(ino, epoch);
                    DelegatedDirectory d = dirs.get(ino);
                    if (d != null) {
                        incomplete(d);
                    }
                }
            }
            if (pending.isEmpty()) {
                return null;
            }
            for (long ino : named) {
                PendingCreate p = pending.get(ino);
                if (p != null) {
                    waits.add(urge(p));
                    continue;
                }
                DelegatedDirectory d = dirs.get(ino);
                if (d == null || d.idle()) {
                    continue;
                }
                if (request instanceof LookupRequest l
                        && !d.byName.containsKey(new String(l.name(), StandardCharsets.UTF_8))) {
                    // The leader knows every name of the directory but the pending ones.
                    continue;
                }
                waits.add(urge(d, false));
            }
        }
        if (waits.isEmpty()) {
            return null;
        }
        return waits.size() == 1 ? waits.get(0) : CompletableFuture.allOf(waits.toArray(new CompletableFuture[0]));
    }

    @Override
    public void after(MetaRequest<?> request) {
        if (!changesEntries(request)) {
            return;
        }
        long[] named = NamedInodes.of(request);
        synchronized (this) {
            for (long ino : named) {
                if (changesInFlight.addTo(ino, -1) <= 1) {
                    changesInFlight.remove(ino);
                }
            }
        }
    }

    /**
     * The leader recalls {@code keys} (cache-lease invalidations): every delegated directory
     * among them stops answering creates here, and what it has pending is sent. Completes when
     * all of it was answered, so the poll acknowledges only then.
     */
    @Override
    public CompletableFuture<Void> recalled(long[] keys) {
        List<CompletableFuture<Void>> flushed = new ArrayList<>(0);
        synchronized (this) {
            for (long key : keys) {
                if (asking.remove(key)) {
                    notBeforeNs.put(key, System.nanoTime() + RETRY_NS);
                }
                DelegatedDirectory d = dirs.get(key);
                if (d != null) {
                    flushed.add(giveBack(d));
                }
            }
        }
        return flushed.isEmpty() ? CompletableFuture.completedFuture(null)
                : CompletableFuture.allOf(flushed.toArray(new CompletableFuture[0]));
    }

    /** The lease of {@code group} was lost or restarted: its delegations are void; what is pending still goes. */
    @Override
    public synchronized void groupLost(String group) {
        asking.removeIf(dir -> meta.groupOf(dir).id().equals(group));
        for (DelegatedDirectory d : new ArrayList<>(dirs.values())) {
            if (d.group.equals(group)) {
                giveBack(d);
            }
        }
    }

    private CompletableFuture<Void> giveBack(DelegatedDirectory d) {
        d.active = false;
        // Its times were this client's while it created there; from now on the leader's count.
        cache.entriesChanged(d.dir);
        notBeforeNs.put(d.dir, System.nanoTime() + RETRY_NS);
        if (d.idle()) {
            dirs.remove(d.dir);
            return CompletableFuture.completedFuture(null);
        }
        return urge(d, false);
    }

    /** Completes when the files pending in {@code dir} are applied (fsync of the directory). */
    public CompletableFuture<Void> flushed(long dir) {
        synchronized (this) {
            DelegatedDirectory d = dirs.get(dir);
            return d == null ? CompletableFuture.completedFuture(null) : urge(d, true);
        }
    }

    /** Completes when {@code ino}, if this client created it under a delegation, is applied (fsync of the file). */
    public synchronized CompletableFuture<Void> applied(long ino) {
        PendingCreate p = pending.get(ino);
        return p == null ? CompletableFuture.completedFuture(null) : urge(p);
    }

    /** Waits up to {@code limit} for everything pending (unmount). */
    public void drain(Duration limit) {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        synchronized (this) {
            for (DelegatedDirectory d : new ArrayList<>(dirs.values())) {
                all.add(urge(d, false));
            }
        }
        try {
            CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            LOG.warn("unmounting with creates not yet written to the meta groups: {}", e.toString());
        }
        timer.shutdownNow();
    }

    /** Files created here that the meta groups refused after the application was told they exist. */
    public synchronized long lostCount() {
        return lost;
    }

    /** Files created here and not yet applied by their groups. */
    public synchronized int pendingCount() {
        return pending.size();
    }
}
