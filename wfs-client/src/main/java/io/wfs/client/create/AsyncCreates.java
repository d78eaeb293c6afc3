package io.wfs.client.create;

import io.wfs.client.Caller;
import io.wfs.client.file.FileIo;
import io.wfs.client.namespace.CacheLeaseKeeper;
import io.wfs.client.namespace.MetadataCache;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CreateBatchRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.posix.NewFileRules;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
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
 * (PendingOrder, the RequestGate of the client's MetaClient). A recall (the directory's
 * cache-lease invalidation) sends what is pending before the poll acknowledges it.
 * Durability: a file is on the group's majority once its batch is answered; fsync of the file,
 * fsync of the directory, and unmount wait for that.
 */
public final class AsyncCreates implements FileIo.CreateCommits {
    private static final Logger LOG = LoggerFactory.getLogger(AsyncCreates.class);
    /** Names remembered per delegated directory to answer lookups of absent names without a round trip. */
    private static final int MAX_KNOWN_NAMES = 65_536;

    private final MetadataCache cache;
    /** The directories delegated to this client (and those given back with files still pending). The lock is this object's. */
    final Long2ObjectOpenHashMap<DelegatedDirectory> dirs = new Long2ObjectOpenHashMap<>();
    /** Files created here whose batch the leader has not answered, by inode. */
    final Long2ObjectOpenHashMap<PendingCreate> pending = new Long2ObjectOpenHashMap<>();
    /** Unlinks answered here and not yet applied, by the file they remove. */
    final Long2ObjectOpenHashMap<PendingRemoval> removing = new Long2ObjectOpenHashMap<>();
    /**
     * Directories this client made under a delegation that the leader holds for it from their
     * creation on (CreateBatchReply#delegated) and that nothing was put in since, to their parent:
     * known empty, so an rmdir of one is answered here (docs/metadata.md, "Asynchronous rmdir").
     * A recall of one, a change this client sends in one, or the loss of the group's lease forgets it.
     */
    final it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap emptyHere = new it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap();
    final EntryChanges entryChanges = new EntryChanges();
    private final PendingChanges changes;
    final DelegationAsker asker;
    private final CreateBatches batches;
    private final CreateHolds holds;
    private final long holdNs; // client.async-create-hold
    /** client.async-mkdirs: mkdir and rmdir are answered here too. */
    private final boolean directories;
    private final java.util.concurrent.ScheduledExecutorService timer = java.util.concurrent.Executors
            .newSingleThreadScheduledExecutor(new io.netty.util.concurrent.DefaultThreadFactory("wfs-client-creates", true));

    public AsyncCreates(MetaClient meta, MetadataCache cache, CacheLeaseKeeper leases, LongConsumer openedByBatch,
                        java.time.Duration hold, boolean directories) {
        this.holdNs = hold.toNanos();
        this.directories = directories;
        this.cache = cache;
        this.asker = new DelegationAsker(meta, leases, this, entryChanges);
        this.batches = new CreateBatches(meta, cache, this, openedByBatch, timer);
        this.holds = new CreateHolds(this, timer, holdNs);
        this.changes = new PendingChanges(this, cache, batches);
    }

    /**
     * Asynchronous creates for a client: the gate of its requests, the listener of its recalls, the
     * absent names of its path walks, the riding commits of its files, and the gauges
     * client.async_creates.pending and .lost (docs/metrics.md).
     */
    public static AsyncCreates install(MetaClient meta, MetadataCache cache, CacheLeaseKeeper leases,
                                       io.wfs.client.namespace.PathResolver paths, FileIo files,
                                       io.wfs.client.data.BlockIdPool blockIds, LongConsumer openedByBatch,
                                       java.time.Duration hold, boolean directories,
                                       com.codahale.metrics.MetricRegistry registry) {
        AsyncCreates creates = new AsyncCreates(meta, cache, leases, openedByBatch, hold, directories);
        meta.setGate(new PendingOrder(creates, cache));
        leases.onRecall(new DelegationRecalls(creates, creates.asker, meta, cache));
        paths.useAbsentNames(creates::knownAbsent);
        files.onCreateCommits(creates);
        blockIds.allocateVia(creates::blockIdOwner);
        cache.useNotYetCreated(creates::isPending);
        registry.remove("client.async_creates.pending");
        registry.remove("client.async_creates.lost");
        registry.register("client.async_creates.pending", (com.codahale.metrics.Gauge<Integer>) creates::pendingCount);
        registry.register("client.async_creates.lost", (com.codahale.metrics.Gauge<Long>) creates::lostCount);
        return creates;
    }

    /**
     * Creates regular file {@code name} in {@code dir}, open, without asking the servers; null
     * when this client holds no usable delegation there (the caller creates it the usual way).
     */
    public InodeAttr create(Caller caller, long dir, byte[] name, String nameString, int permissions) {
        InodeAttr parent = cache.attrForWalk(dir);
        if (parent == null || !asker.delegated(caller, dir)) {
            return null;
        }
        int gid = NewFileRules.groupFor(parent.mode(), parent.gid(), caller.gid());
        int mode = Posix.S_IFREG | NewFileRules.permissionsFor(permissions & Posix.PERMISSION_BITS, gid,
                caller.uid() == 0, caller.inGroup(gid));
        return answerHere(caller, dir, name, nameString, mode, gid);
    }

    /**
     * Makes directory {@code name} in {@code dir} without asking the servers (docs/metadata.md,
     * "Asynchronous mkdir"), as {@link #create} creates a file, with a number from the grant's
     * range for directories (another slot of the parent's group). Null when this client holds no
     * usable delegation there.
     */
    public InodeAttr mkdir(Caller caller, long dir, byte[] name, String nameString, int permissions) {
        // Asked first: a mkdir answered by the servers counts as a create toward asking for the delegation.
        // The root's directories (volumes, data sets, users) stay spread over all groups by the servers.
        if (!asker.delegated(caller, dir) || !directories || dir == io.wfs.client.namespace.PathResolver.ROOT) {
            return null;
        }
        InodeAttr parent = cache.attrForWalk(dir);
        // Near the link limit the servers decide (EMLINK), counting what is pending.
        if (parent == null || parent.nlink() >= Posix.MAX_LINKS - CreateBatchRequest.MAX_FILES) {
            return null;
        }
        int gid = NewFileRules.groupFor(parent.mode(), parent.gid(), caller.gid());
        return answerHere(caller, dir, name, nameString,
                Posix.S_IFDIR | NewFileRules.directoryPermissionsFor(permissions, parent.mode()), gid);
    }

    /** The answer to a create or mkdir under the delegation, queued for the directory's next batch. */
    private InodeAttr answerHere(Caller caller, long dir, byte[] name, String nameString, int mode, int gid) {
        boolean directory = (mode & Posix.S_IFMT) == Posix.S_IFDIR;
        long now = System.currentTimeMillis() * 1_000_000L;
        InodeAttr attr;
        synchronized (this) {
            DelegatedDirectory d = dirs.get(dir);
            if (d == null || !d.usable(System.nanoTime()) || d.byName.containsKey(nameString)
                    || (directory && (!d.complete || d.names.contains(nameString)))) {
                // A mkdir is answered here only of a name known absent: callers of the API (the CSI
                // driver) make directories without the kernel's lookup first, and must see EEXIST.
                return null;
            }
            long ino = directory ? d.takeDirectoryNumber() : d.takeNumber();
            if (ino == 0) {
                return null; // a server that makes no directories under a delegation
            }
            attr = new InodeAttr(ino, mode, directory ? 2 : 1, caller.uid(), gid, 0, now, now, now, 0, dir);
            PendingCreate p = new PendingCreate(dir, name, nameString, caller, attr, holdNs);
            d.queued.add(p);
            d.byName.put(nameString, p);
            if (!directory) {
                // Only a file's unlink is answered here (PendingChanges); an rmdir goes to the servers.
                d.madeHere.put(nameString, ino);
            }
            if (d.complete) {
                boolean isNew = d.names.add(nameString);
                if (!isNew || d.names.size() > MAX_KNOWN_NAMES) {
                    d.forgetNames();
                }
            }
            pending.put(ino, p);
            cache.put(dir, nameString, attr, d.lease, cache.generation());
            cache.touchedHere(dir, now, directory ? 1 : 0);
            cache.created(ino);
            if (directory) {
                // Nothing to wait for: no data or change rides with a directory.
                p.handles = 0;
                p.held = false;
                batches.kick(d);
            } else {
                holds.hold(p);
            }
        }
        return attr;
    }

    /**
     * The inode whose group allocates block ids for {@code ino}: a file still pending here does not
     * exist on its group yet, so its directory (of the same slot) asks for it, without waiting for
     * the batch (the block's upload comes before the commit that rides in it).
     */
    public synchronized long blockIdOwner(long ino) {
        PendingCreate p = pending.get(ino);
        return p == null ? ino : p.dir;
    }

    /** True while {@code ino} is a file created here whose batch was not answered yet. */
    public synchronized boolean isPending(long ino) {
        return pending.containsKey(ino);
    }

    /**
     * This client just made directory {@code dir}: whoever made it (tar, cp -r, git checkout) fills
     * it next, so its first create asks for the delegation at once (DelegationAsker).
     */
    public synchronized void madeHere(long dir) {
        asker.madeHere(dir);
    }

    /**
     * The commit of {@code ino}, written and flushed before its create's batch left, rides in that
     * batch (CreateBatches); null when it cannot, and is sent on its own.
     */
    @Override
    public AttrReply ride(Caller caller, long ino, List<SliceInfo> slices, long size) {
        return batches.ride(caller, ino, slices, size);
    }

    /** A flush of {@code ino} starts: if its create is still held back, it waits for the commit to ride. */
    @Override
    public synchronized void flushing(long ino) {
        PendingCreate p = pending.get(ino);
        if (p != null && p.held) {
            p.flushing();
        }
    }

    /**
     * A chown, chmod or utimens of a file this client created and has not sent yet (tar, cp -p and
     * rsync set them on each file they write): answered here and folded into the file's create
     * (PendingChanges). Null when the change goes to the servers the usual way (after the batch).
     */
    public synchronized InodeAttr setattr(Caller caller, long ino, io.wfs.common.msg.meta.SetAttr change) {
        return changes.setattr(caller, ino, change);
    }

    /**
     * Unlinks a file this client created in a directory it holds without a round trip
     * (PendingChanges): true when done, false when the caller sends the unlink the usual way.
     */
    public boolean unlink(Caller caller, long dir, byte[] name, String nameString) {
        while (true) {
            CompletableFuture<Void> inFlight;
            synchronized (this) {
                PendingChanges.Unlink answer = changes.unlink(caller, dir, name, nameString);
                if (answer.inFlight() == null) {
                    return answer.done();
                }
                inFlight = answer.inFlight();
            }
            // The file's batch is on its way: once it is applied, the unlink is one of the next batch.
            inFlight.exceptionally(e -> null).join();
        }
    }

    /**
     * Removes directory {@code name} of {@code dir} without a round trip when it is one this client
     * made there and knows is empty (PendingChanges): true when done, false when the caller sends
     * the rmdir the usual way.
     */
    public synchronized boolean rmdir(Caller caller, long dir, byte[] name, String nameString) {
        return directories && changes.rmdir(caller, dir, name, nameString);
    }

    /**
     * Renames a file this client created and has not sent yet to a name absent from the same
     * directory, without a round trip (PendingChanges): true when done, false when the caller
     * sends the rename the usual way.
     */
    public synchronized boolean rename(Caller caller, long srcDir, String src, long dstDir, byte[] dst, String dstString,
                                       int flags) {
        return changes.rename(caller, srcDir, src, dstDir, dst, dstString, flags);
    }

    /** {@code p}'s hold ended: it leaves with its directory's next batch. Under the lock. */
    void holdEnded(PendingCreate p) {
        p.held = false;
        DelegatedDirectory d = dirs.get(p.dir);
        if (d != null) {
            batches.kick(d);
        }
    }

    /** Someone waits for {@code p}: it leaves with the next batch. Under the lock. */
    CompletableFuture<Void> urge(PendingCreate p) {
        p.held = false;
        DelegatedDirectory d = dirs.get(p.dir);
        if (d != null) {
            batches.kick(d);
        }
        return p.applied;
    }

    /** Someone waits for everything pending in {@code d} now ({@code refusals}: a refused file fails the wait). Under the lock. */
    CompletableFuture<Void> urge(DelegatedDirectory d, boolean refusals) {
        CompletableFuture<Void> now = d.pendingNow(refusals);
        batches.kick(d);
        return now;
    }

    /**
     * Opens a file this client created and has not sent yet, without asking the servers (rsync opens
     * its temporary file again before it sets its mode and renames it): the open is counted in the
     * file's batch, checked as the leader checks an open, and the file's attributes and the slices of
     * its riding commits are what this client knows. Null when the file is not such a file (or its
     * batch is on its way): the caller opens it the usual way, after the batch.
     */
    public synchronized SlicesReply openHere(Caller caller, long ino, int access) {
        return changes.open(caller, ino, access);
    }

    /**
     * The application closed a descriptor of {@code ino}: true when this handles the close (a file
     * whose batch has not been answered yet), false when the session closes it as any other file.
     */
    public synchronized boolean closed(long ino) {
        PendingCreate p = pending.get(ino);
        if (p == null) {
            return false;
        }
        DelegatedDirectory d = dirs.get(p.dir);
        if (d != null && d.queued.contains(p)) {
            p.handles--;
        } else {
            p.closesAfterApply++;
        }
        // Held a little longer: what applications do right after a close (rsync and editors set
        // the times and mode of a temporary file and rename it) folds into the create too.
        p.touch();
        return true;
    }

    /**
     * As {@link #knownAbsent(long, String)}; in a directory this client made (or created in once) and
     * holds no delegation on yet, a lookup first asks for one: filling the directory is what follows
     * (rsync's generator looks up every name before its receiver creates the first file), and with
     * the delegation's names the lookups of all the others cost no round trip.
     */
    public boolean knownAbsent(Caller caller, long dir, String name) {
        if (asker.aboutToFill(dir)) {
            asker.delegated(caller, dir);
        }
        return knownAbsent(dir, name);
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

    /**
     * Completes when the files pending in {@code dir} are applied, and {@code dir} itself when it was
     * made here and is pending (fsync of the directory).
     */
    public synchronized CompletableFuture<Void> flushed(long dir) {
        DelegatedDirectory d = dirs.get(dir);
        PendingCreate self = pending.get(dir);
        CompletableFuture<Void> inside = d == null ? CompletableFuture.completedFuture(null) : urge(d, true);
        return self == null ? inside : CompletableFuture.allOf(inside, urge(self));
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
        return batches.lost();
    }

    /** Files created here and not yet applied by their groups. */
    public synchronized int pendingCount() {
        return pending.size();
    }
}
