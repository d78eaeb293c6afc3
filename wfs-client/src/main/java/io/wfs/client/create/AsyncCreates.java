package io.wfs.client.create;

import io.wfs.client.Caller;
import io.wfs.client.namespace.CacheLeaseKeeper;
import io.wfs.client.namespace.MetadataCache;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AnnounceOpensRequest;
import io.wfs.common.msg.meta.CacheLeasePollRequest;
import io.wfs.common.msg.meta.CloseRequest;
import io.wfs.common.msg.meta.CreateBatchReply;
import io.wfs.common.msg.meta.CreateBatchRequest;
import io.wfs.common.msg.meta.CreateDelegationReply;
import io.wfs.common.msg.meta.DelegateCreatesRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.NamedInodes;
import io.wfs.common.msg.meta.SessionHeartbeatRequest;
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
    private long lost;

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
            PendingCreate p = new PendingCreate(dir, ino, name, nameString, mode, caller);
            d.queued.add(p);
            d.byName.put(nameString, p);
            pending.put(ino, p);
            attr = new InodeAttr(ino, mode, 1, caller.uid(), gid, 0, now, now, now, 0, dir);
            cache.put(dir, nameString, attr, d.lease, cache.generation());
            cache.touchedHere(dir, now);
            cache.created(ino);
            kick(d);
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
        try {
            reply = io.wfs.client.data.Rpc.await(meta.call(new DelegateCreatesRequest(
                    meta.mutation(caller.uid(), caller.gid(), caller.groups()), dir)));
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
            d.addRange(reply.firstIno(), reply.count());
            return d.usable(System.nanoTime());
        }
    }

    /** Sends the next batch of {@code d} unless one is in flight. Under the lock. */
    private void kick(DelegatedDirectory d) {
        if (d.inFlight != null || d.queued.isEmpty()) {
            return;
        }
        List<PendingCreate> batch = d.takeBatch(CreateBatchRequest.MAX_FILES);
        d.inFlight = batch;
        Caller c = batch.get(0).caller;
        long[] inos = new long[batch.size()];
        int[] modes = new int[batch.size()];
        int[] lengths = new int[batch.size()];
        byte[] opens = new byte[batch.size()];
        ByteArrayOutputStream names = new ByteArrayOutputStream(batch.size() * 16);
        for (int i = 0; i < batch.size(); i++) {
            PendingCreate p = batch.get(i);
            inos[i] = p.ino;
            modes[i] = p.mode;
            lengths[i] = p.name.length;
            opens[i] = (byte) (p.open ? 1 : 0);
            names.writeBytes(p.name);
        }
        meta.call(new CreateBatchRequest(meta.mutation(c.uid(), c.gid(), c.groups()), d.dir, inos, modes,
                names.toByteArray(), lengths, opens)).whenComplete((reply, error) -> answered(d, batch, reply, error));
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
                    LOG.warn("file {} created in directory {} under a delegation could not be written to the meta group"
                            + " and is lost: {}", p.nameString, d.dir, refused.toString());
                    cache.forgetName(d.dir, p.nameString);
                    cache.forgetAttr(p.ino);
                    after.add(() -> p.applied.completeExceptionally(new WfsException(WfsErrorCode.ESTALE,
                            "the create of " + p.nameString + " was refused: " + refused.getMessage())));
                    continue;
                }
                // The group stamped the times with its leader's clock: ask for them when needed.
                cache.forgetAttr(p.ino);
                if (p.closeAfterApply) {
                    after.add(() -> closeOnServer(p));
                } else if (p.open) {
                    openedByBatch.accept(p.ino);
                }
                after.add(() -> p.applied.complete(null));
            }
            d.inFlight = null;
            kick(d);
            if (d.idle()) {
                d.takeIdleWaiters().forEach(w -> after.add(() -> w.complete(null)));
                if (!d.active && dirs.get(d.dir) == d) {
                    dirs.remove(d.dir);
                }
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
        } else {
            p.closeAfterApply = true;
        }
        return true;
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
            if (pending.isEmpty()) {
                return null;
            }
            for (long ino : named) {
                PendingCreate p = pending.get(ino);
                if (p != null) {
                    waits.add(p.applied);
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
                waits.add(d.whenIdle());
            }
        }
        if (waits.isEmpty()) {
            return null;
        }
        return waits.size() == 1 ? waits.get(0) : CompletableFuture.allOf(waits.toArray(new CompletableFuture[0]));
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
        kick(d);
        return d.whenIdle();
    }

    /** Completes when the files pending in {@code dir} are applied (fsync of the directory). */
    public CompletableFuture<Void> flushed(long dir) {
        synchronized (this) {
            DelegatedDirectory d = dirs.get(dir);
            return d == null ? CompletableFuture.completedFuture(null) : d.whenIdle();
        }
    }

    /** Completes when {@code ino}, if this client created it under a delegation, is applied (fsync of the file). */
    public synchronized CompletableFuture<Void> applied(long ino) {
        PendingCreate p = pending.get(ino);
        return p == null ? CompletableFuture.completedFuture(null) : p.applied;
    }

    /** Waits up to {@code limit} for everything pending (unmount). */
    public void drain(Duration limit) {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        synchronized (this) {
            for (DelegatedDirectory d : dirs.values()) {
                all.add(d.whenIdle());
            }
        }
        try {
            CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            LOG.warn("unmounting with creates not yet written to the meta groups: {}", e.toString());
        }
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
