package io.wfs.meta.state;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.wire.WireFormat;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.namespace.Namespace;
import io.wfs.meta.namespace.NamespaceException;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.NamespaceSnapshot;
import io.wfs.meta.session.ClientState;
import io.wfs.meta.session.LeaderOpens;
import io.wfs.meta.lease.LeaseTracking;
import io.wfs.meta.ops.Caller;
import io.wfs.meta.ops.InternalOperation;
import io.wfs.meta.ops.MetaContext;
import io.wfs.meta.ops.MetaErrors;
import io.wfs.meta.ops.MetaOperation;
import io.wfs.meta.ops.MetaOperations;
import io.wfs.raft.ReplicatedStateMachine;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The replicated state of one meta group: the namespace of its slots, the session table
 * (exactly-once) and the deletion queue. {@link #apply} runs every log entry deterministically
 * on every replica, with the class {@link MetaOperations} registers for its type (a request's
 * {@code execute}, an internal command's {@code apply}); {@link #query} serves reads on the
 * leader under the same lock as apply.
 */
public final class MetaStateMachine implements ReplicatedStateMachine {
    private static final int SNAPSHOT_MAGIC = 0x5746534D; // "WFSM"
    /** 8: wire format 2 (7 added the lease mark; 6 and 7 hold format-1 messages and are refused). */
    private static final int SNAPSHOT_VERSION = 8;

    private final MetaOperations operations = new MetaOperations();
    /**
     * One lock for apply and queries alike: the namespace store keeps scratch state even on its
     * read paths, so reads may not run beside each other or beside apply. Queries take microseconds.
     */
    private final ReentrantLock lock = new ReentrantLock();
    private final SessionTable sessions = new SessionTable();
    private final DeletionQueue deletions = new DeletionQueue();
    private final LockIntents intents = new LockIntents();
    private final ClientState clients = new ClientState();
    /** Not replicated: the open files this replica knows of while it leads. */
    private final LeaderOpens leaderOpens = new LeaderOpens(clients.openFiles());
    private volatile long reannounceWindowNs = java.time.Duration.ofSeconds(30).toNanos();
    /** The leader's wall clock for what is not in the log (the re-announce window, queries); tests set their own. */
    private volatile java.util.function.LongSupplier wallClock = () -> System.currentTimeMillis() * 1_000_000L;
    private volatile Namespace namespace = new Namespace();
    private volatile Runnable leaderListener = () -> { };
    /** Not replicated: the client-cache leases this replica grants while it leads (docs/metadata.md). */
    private final LeaseTracking leaseTracking = new LeaseTracking();

    /** A group that owns {@code slots}, empty until its first leader creates the root (if it owns slot 0). */
    public MetaStateMachine(int[] slots) {
        for (int slot : slots) {
            namespace.addSlot(slot);
        }
        namespace.reportChangesTo(leaseTracking.changedKeys());
    }

    @Override // logged commands carry client requests as they came: the log is in the wire format
    public int logFormat() {
        return WireFormat.VERSION;
    }

    @Override
    public Object apply(ByteBuffer data, long logIndex) {
        MetaCommand command = MetaCommand.decode(data);
        lock.lock();
        try {
            leaseTracking.beginApply();
            if (command.type() < 0) {
                return leaseTracking.afterApply(null, null, applyInternal(command), false);
            }
            MessageType type = MessageType.byId(command.type());
            MetaOperation<?, ?> op = type == null ? null : operations.of(type);
            if (op == null || !op.mutates()) {
                return new WfsException(WfsErrorCode.BAD_REQUEST, "not a metadata mutation: " + command.type());
            }
            MetaRequest<?> request = command.request(type);
            replayed = false;
            Object result = applyMutation(op, type, request, command.timeNs());
            return leaseTracking.afterApply(op, request, result, replayed);
        } finally {
            lock.unlock();
        }
    }

    /** Whether the last {@link #applyMutation} answered from the session table (state-machine thread only). */
    private boolean replayed;

    /** This replica's client-cache leases (off unless the meta server configures them). */
    public LeaseTracking leaseTracking() {
        return leaseTracking;
    }

    private Object applyMutation(MetaOperation<?, ?> op, MessageType type, MetaRequest<?> request, long timeNs) {
        MetaHeader h = request.header();
        if (h.session() != 0) {
            Object recorded = sessions.lookup(h.session(), h.seq(), h.ackedSeq(), timeNs, type);
            if (recorded != null) {
                replayed = true;
                replayed(op, context(Caller.of(h), timeNs, new LongArrayList(0)), request, recorded);
                return recorded;
            }
        }
        LongArrayList freed = new LongArrayList(0);
        Object result = run(op, context(Caller.of(h), timeNs, freed), request);
        deletions.addAll(freed);
        // A retryable refusal (LOCKED, EBUSY, STALE_ROUTE) is not an outcome: nothing happened,
        // and the client resends the same (session, seq), which must then execute, not replay it.
        boolean outcome = !(result instanceof WfsException e && e.code().retryable());
        if (h.session() != 0 && outcome) {
            sessions.record(h.session(), h.seq(), result);
        }
        return result;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void replayed(MetaOperation op, MetaContext ctx, MetaRequest<?> request, Object recorded) {
        op.replayed(ctx, request, recorded);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object run(MetaOperation op, MetaContext ctx, MetaRequest<?> request) {
        try {
            return op.execute(ctx, request);
        } catch (WfsException e) {
            return e;
        } catch (NamespaceException e) {
            return MetaErrors.of(e);
        }
    }

    /** An internal command of the group itself (negative type): its class is registered like the request types'. */
    private Object applyInternal(MetaCommand command) {
        InternalOperation op = operations.internal(command.type());
        if (op == null) {
            return new WfsException(WfsErrorCode.BAD_REQUEST, "unknown internal command " + command.type());
        }
        LongArrayList freed = new LongArrayList(0);
        Object result = op.apply(context(Caller.of(MetaHeader.root()), command.timeNs(), freed),
                ByteBuffer.wrap(command.body()));
        deletions.addAll(freed);
        return result;
    }

    private MetaContext context(Caller caller, long timeNs, LongArrayList freed) {
        return new MetaContext(namespace, caller, timeNs, freed, intents, clients, sessions, deletions, leaderOpens,
                leaseTracking.mark());
    }

    /**
     * Takes the state lock if nobody holds it, for a query served on a network event loop, which
     * must never wait for apply or a snapshot (the lock is reentrant: {@link #query} takes it
     * again). True when taken; then {@link #unlockState} must follow.
     */
    public boolean tryLockState() {
        return lock.tryLock();
    }

    /** Releases what {@link #tryLockState} took. */
    public void unlockState() {
        lock.unlock();
    }

    /** Serves a read on this replica's current state (the caller made sure it leads). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Response query(MetaOperation op, MetaRequest<?> request) {
        lock.lock();
        try {
            MetaContext ctx = context(Caller.of(request.header()), wallClockNs(), new LongArrayList(0));
            try {
                return leaseTracking.afterQuery(op, request, (Response) op.execute(ctx, request));
            } catch (NamespaceException e) {
                throw MetaErrors.of(e);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Called (on the state-machine thread) each time this replica becomes leader. */
    public void setLeaderListener(Runnable listener) {
        this.leaderListener = listener;
    }

    /** How long a new leader keeps every orphan while the sessions announce their open files (meta.reannounce-window). */
    public void setReannounceWindow(java.time.Duration window) {
        this.reannounceWindowNs = window.toNanos();
    }

    /**
     * Called on the state-machine thread once this replica's first entry as leader applied, so after
     * every entry of earlier terms: from here on it serves opens and closes from memory.
     */
    @Override
    public void onLeaderStart(long term) {
        lock.lock();
        try {
            leaderOpens.start(wallClockNs(), reannounceWindowNs);
            leaseTracking.leaderStart(namespace.nextSeqs());
        } finally {
            lock.unlock();
        }
        leaderListener.run();
    }

    @Override
    public void onLeaderStop() {
        locked(() -> {
            leaderOpens.stop();
            leaseTracking.leaderStop();
            return null;
        });
    }

    /** The clock queries and the leader's own decisions read (tests replace it). */
    public long wallClockNs() {
        return wallClock.getAsLong();
    }

    /** Replaces the wall clock (tests drive time themselves). */
    public void setWallClock(java.util.function.LongSupplier clock) {
        this.wallClock = clock;
    }

    /**
     * False when this replica leads and {@code session} has not announced its open files to it yet.
     * Asked by every request: no state lock (see LeaderOpens#announced).
     */
    public boolean announced(long session) {
        return leaderOpens.announced(session);
    }

    /** Orphans this leader may release now (none while it does not lead or inside its re-announce window). */
    public LongArrayList releasableOrphans(int max) {
        return locked(() -> leaderOpens.takeReleasable(wallClockNs(), max));
    }

    /** Files deleted while open, not released yet (a gauge). */
    public int orphans() {
        return locked(() -> clients.openFiles().orphans());
    }

    /** A count of what this replica holds in memory while it leads (gauges: open files, locks; 0 on a follower). */
    public int onLeader(java.util.function.ToIntFunction<LeaderOpens> count) {
        return locked(() -> count.applyAsInt(leaderOpens));
    }

    /**
     * Runs leader-side preparation against the current state under the state lock (the
     * cross-group coordinator's checks); changes nothing.
     */
    public <T> T inspect(MetaHeader header, long nowNs, java.util.function.Function<MetaContext, T> check) {
        lock.lock();
        try {
            return check.apply(context(Caller.of(header), nowNs, new LongArrayList(0)));
        } catch (NamespaceException e) {
            throw MetaErrors.of(e);
        } finally {
            lock.unlock();
        }
    }

    /** The recorded result of (session, seq), or null; unlike apply, it records and forgets nothing. */
    public Object recordedResult(long session, long seq, MessageType type) {
        return locked(() -> sessions.peek(session, seq, type));
    }

    /** Cross-group operations on this group's inodes locked at or before {@code cutoffNs}. */
    public java.util.List<LockIntents.Intent> intentsLockedBefore(long cutoffNs) {
        return locked(() -> intents.lockedBefore(cutoffNs));
    }

    public boolean owns(int slot) {
        return locked(() -> namespace.owns(slot));
    }

    public MetaOperations operations() {
        return operations;
    }

    /** True when this group holds the root directory (or does not own slot 0). */
    public boolean hasRoot() {
        return locked(() -> !namespace.owns(0) || namespace.contains(InodeNumbers.ROOT));
    }

    /** Blocks waiting for deletion by the stores, oldest first. */
    public long[] pendingDeletions(int max) {
        return locked(() -> deletions.peek(max));
    }

    /** How many freed blocks wait for the stores to delete them. */
    public int deletionQueueLength() {
        return locked(() -> deletions.size());
    }

    /** A digest of the whole replicated state; equal on replicas that applied the same log. */
    public long digest() {
        return locked(() -> (((namespace.digest() * 31 + sessions.size() * 17L + deletions.size()) * 31 + intents.size()) * 31
                    + intents.renameLease().holder()) * 31 + (intents.receipts().size() * 13L + intents.fences().size())
                    + clients.openFiles().orphans());
    }

    /** {@code read} under the state lock: the accessors for gauges, admin and leader-side checks. */
    private <T> T locked(java.util.function.Supplier<T> read) {
        lock.lock();
        try {
            return read.get();
        } finally {
            lock.unlock();
        }
    }

    /** Reads the namespace under the state lock (tests, fsck, benchmarks). */
    public <T> T read(java.util.function.Function<Namespace, T> reader) {
        return locked(() -> reader.apply(namespace));
    }

    @Override
    public void writeSnapshot(DataOutputStream out) throws IOException {
        lock.lock();
        try {
            writeTables(out);
            // The namespace goes last: its reader may buffer ahead in the stream.
            NamespaceSnapshot.save(namespace, out);
            out.flush();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The snapshot without the stall: under the lock, the small tables are written into memory
     * and the namespace is frozen copy-on-write ({@link Namespace#frozenCopy}, tens of
     * milliseconds where writing it took seconds); the namespace is then written by the group's
     * snapshot thread while applies and queries go on. The bytes equal {@link #writeSnapshot}'s at
     * the moment of the capture (MetaSnapshotCaptureTest).
     */
    @Override
    public io.wfs.raft.SnapshotImage captureSnapshot() throws IOException {
        lock.lock();
        try {
            java.io.ByteArrayOutputStream tables = new java.io.ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(tables);
            writeTables(out);
            out.flush();
            return new MetaSnapshotImage(tables.toByteArray(), namespace.frozenCopy(), namespace, lock);
        } finally {
            lock.unlock();
        }
    }

    /** The snapshot's header and everything but the namespace; callers hold the lock. */
    private void writeTables(DataOutputStream out) throws IOException {
        out.writeInt(SNAPSHOT_MAGIC);
        out.writeInt(SNAPSHOT_VERSION);
        sessions.write(out);
        deletions.write(out);
        intents.write(out);
        clients.write(out);
        leaseTracking.mark().write(out);
    }

    @Override
    public void readSnapshot(DataInputStream in) throws IOException {
        if (in.readInt() != SNAPSHOT_MAGIC) {
            throw new IOException("not a meta group snapshot");
        }
        int version = in.readInt();
        if (version != SNAPSHOT_VERSION) {
            throw new IOException("unsupported meta snapshot version " + version + " (this build reads " + SNAPSHOT_VERSION
                    + ", wire format " + WireFormat.VERSION + ")");
        }
        lock.lock();
        try {
            sessions.read(in);
            deletions.read(in);
            intents.read(in);
            clients.read(in);
            leaseTracking.mark().read(in);
            namespace = NamespaceSnapshot.load(in);
            namespace.reportChangesTo(leaseTracking.changedKeys());
        } finally {
            lock.unlock();
        }
    }
}
