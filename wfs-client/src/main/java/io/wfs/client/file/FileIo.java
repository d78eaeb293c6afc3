package io.wfs.client.file;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.wfs.client.Caller;
import io.wfs.client.cache.BlockDiskCache;
import io.wfs.client.data.BlockStoreClient;
import io.wfs.client.data.Rpc;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.GetSlicesRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.route.MetaClient;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Reads and writes of open files (docs/client.md, "Write path" and "Read path"). Writes gather in
 * the file's buffer; a full buffer, flush, fsync and close upload the blocks (several in flight)
 * and then commit all their slices, the size and the mtime in one metadata request. Reads
 * assemble the committed slices and overlay what this client still buffers.
 */
public final class FileIo {
    private final MetaClient meta;
    private final BlockStoreClient stores;
    private final SliceReader reader;
    private final WriteBudget budget;
    private final int blockSize;
    private final long fileBuffer;
    private final int uploadsInFlight;
    private final long openPrefetch;
    private final Counter openPrefetches;
    /** Chunks fetched ahead of a sequential reader (4 MiB with 1 MiB chunks). */
    private static final int READ_AHEAD_CHUNKS = 4;
    private final Long2ObjectOpenHashMap<FileState> open = new Long2ObjectOpenHashMap<>();
    /** One flush at a time per file: a second waits, then finds less (or nothing) to do. */
    private final Long2ObjectOpenHashMap<ReentrantLock> flushLocks = new Long2ObjectOpenHashMap<>();
    private volatile CommitListener commits = CommitListener.NONE;
    private volatile CreateCommits createCommits = (caller, ino, slices, size) -> null;

    /**
     * Where the commit of a file created under a delegation and not yet sent goes: into its create's
     * batch (AsyncCreates), so a small file written and closed costs no entry of its own. Null when
     * the file is not such a file (the commit goes on its own).
     */
    public interface CreateCommits {
        AttrReply ride(Caller caller, long ino, List<SliceInfo> slices, long size);

        /** A flush of {@code ino} starts (its upload may take a while before the commit can ride). */
        default void flushing(long ino) {
        }
    }

    public void onCreateCommits(CreateCommits createCommits) {
        this.createCommits = createCommits;
    }

    /**
     * Told of each commit of this client, under the file's flush lock, so in the order the meta
     * group applied them (the metadata cache keeps the committed attributes).
     */
    public interface CommitListener {
        CommitListener NONE = new CommitListener() {
            @Override
            public long beforeCommit(long ino) {
                return 0;
            }

            @Override
            public void committed(long ino, AttrReply reply, long token) {
            }
        };

        /** Before the commit is sent; the token comes back with its reply. */
        long beforeCommit(long ino);

        void committed(long ino, AttrReply reply, long token);
    }

    public void onCommit(CommitListener listener) {
        this.commits = listener;
    }

    public FileIo(MetaClient meta, BlockStoreClient stores, WriteBudget budget, FileIoSettings settings,
                  BlockDiskCache diskCache, MetricRegistry registry) {
        this.openPrefetches = registry.counter("client.read.open_prefetches");
        this.meta = meta;
        this.stores = stores;
        this.budget = budget;
        this.blockSize = settings.blockSize();
        this.fileBuffer = settings.fileBuffer();
        this.uploadsInFlight = settings.uploadsInFlight();
        this.openPrefetch = settings.openPrefetch();
        this.reader = new SliceReader(stores, new ChunkCache(settings.cachedChunks()), diskCache, settings.readChunk(),
                READ_AHEAD_CHUNKS);
    }

    /**
     * A file just opened for reading: when it is small (client.open-prefetch) and its slices are
     * known, its bytes are fetched now, and the first read waits on that fetch instead of starting
     * its own (SliceReader shares a chunk being fetched).
     */
    public void prefetchOpened(FileState file) {
        long committed = file.committedSize();
        if (committed == 0 || committed > openPrefetch || file.slicesUnfetched() != 0) {
            return;
        }
        openPrefetches.inc();
        reader.prefetch(file.slices(), committed);
    }

    /**
     * A handle opens: the slices and size are fetched now (close-to-open: another client's
     * closed writes become visible here), and kept while this client has the file open.
     */
    public FileState open(Caller caller, long ino) {
        SlicesReply fresh = Rpc.await(meta.callHere(new GetSlicesRequest(meta.query(caller.uid(), caller.gid(), caller.groups()),
                ino)));
        return opened(ino, fresh);
    }

    /** A handle of {@code ino} opens with the attributes and slices {@code fresh} (fetched along with its open). */
    public FileState opened(long ino, SlicesReply fresh) {
        return openHandle(ino, fresh.attr(), fresh.slices(), true);
    }

    /**
     * A handle of {@code ino} opens with what this client itself knows of the file ({@code known}:
     * a create it has not sent yet, AsyncCreates#openHere). A state already open stays as it is:
     * its own commits are newer than or equal to what {@code known} says.
     */
    public FileState openedHere(long ino, SlicesReply known) {
        return openHandle(ino, known.attr(), known.slices(), false);
    }

    /** Opens a file this client has just created: empty, so its state needs no GetSlices round trip. */
    public FileState openCreated(InodeAttr attr) {
        return openHandle(attr.ino(), attr, List.of(), false);
    }

    /** One more handle of {@code ino}: a new state from {@code attr} and {@code slices}, or the open one ({@code refresh}ed with them). */
    private FileState openHandle(long ino, InodeAttr attr, List<SliceInfo> slices, boolean refresh) {
        synchronized (open) {
            FileState state = open.get(ino);
            if (state == null) {
                state = new FileState(ino, attr, slices);
                open.put(ino, state);
                flushLocks.put(ino, new ReentrantLock());
            } else if (refresh) {
                state.refreshed(attr, slices);
            }
            state.openHandles++;
            return state;
        }
    }

    /** A handle closes (after its flush); the state goes with the last one. */
    public void release(FileState state) {
        synchronized (open) {
            if (--state.openHandles == 0) {
                // Bytes still buffered here failed to upload at this close, which reported the error.
                budget.release(state.discardDirty());
                open.remove(state.ino());
                flushLocks.remove(state.ino());
            }
        }
    }

    /**
     * After a truncate of an open file: its slices and size fetched again, kept only while
     * {@code state} is still the file's open state (its last handle may have gone meanwhile).
     */
    public void refetch(long ino, FileState state) {
        SlicesReply fresh = Rpc.await(meta.callHere(new GetSlicesRequest(meta.query(0, 0), ino)));
        synchronized (open) {
            if (open.get(ino) == state) {
                state.refreshed(fresh.attr(), fresh.slices());
            }
        }
    }

    /** The state of a file this client has open, or null (to show buffered sizes in getattr). */
    public FileState ifOpen(long ino) {
        synchronized (open) {
            return open.get(ino);
        }
    }

    public int read(FileState file, long offset, byte[] out, int length) {
        long unfetched = file.slicesUnfetched();
        if (unfetched != 0) {
            SlicesReply fresh = Rpc.await(meta.callHere(new GetSlicesRequest(meta.query(0, 0), file.ino())));
            file.fetched(unfetched, fresh.attr(), fresh.slices());
        }
        long size = file.size();
        if (offset >= size) {
            return 0;
        }
        int n = (int) Math.min(length, size - offset);
        java.util.Arrays.fill(out, 0, n, (byte) 0);
        long committed = file.committedSize();
        if (offset < committed) {
            List<SliceInfo> slices = file.slices();
            boolean sequential = file.readSequentially(offset, n);
            reader.read(slices, offset, out, (int) Math.min(n, committed - offset), !sequential);
            if (sequential && offset + n < committed) {
                reader.readAhead(slices, offset + n);
            }
        }
        file.overlayDirty(offset, out, n);
        return n;
    }

    public void write(Caller caller, FileState file, long offset, byte[] data) {
        try {
            budget.acquire(data.length);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WfsException(WfsErrorCode.EIO, "interrupted while waiting for buffer space");
        }
        if (file.write(offset, data) >= fileBuffer) {
            flush(caller, file);
        }
    }

    /**
     * Uploads and commits what is buffered; false when nothing was (the file's attributes did not
     * move). Returns when both are durable on every replica; the new slice list is not fetched here
     * (a read does it when it needs it). The {@link CommitListener} hears of the commit.
     *
     * <p>{@code file} may have been released meanwhile: the kernel sends FUSE's RELEASE after
     * close(2) returns, so a utimens on the path (rsync) can find the file open and see it go.
     * Its close flushed it first, so there is nothing left to do.
     */
    public boolean flush(Caller caller, FileState file) {
        ReentrantLock lock;
        synchronized (open) {
            lock = flushLocks.get(file.ino());
        }
        if (lock == null) {
            return false;
        }
        lock.lock();
        try {
            if (file.dirtyBytes() == 0) {
                return false;
            }
            createCommits.flushing(file.ino());
            FileState.Drained drained = file.drain(blockSize);
            boolean committed = false;
            try {
                List<SliceInfo> slices = upload(file.ino(), drained.blocks());
                long token = commits.beforeCommit(file.ino());
                AttrReply reply = createCommits.ride(caller, file.ino(), slices, drained.size());
                if (reply == null) {
                    reply = Rpc.await(meta.callHere(new CommitSlicesRequest(
                            meta.mutation(caller.uid(), caller.gid(), caller.groups()), file.ino(), slices, drained.size(),
                            // Writes come through a handle of this session: the descriptor, not the mode bits, decides.
                            true)));
                }
                committed = true;
                file.committedWithoutSlices(reply.attr());
                commits.committed(file.ino(), reply, token);
            } finally {
                file.uploaded(committed);
                if (committed) {
                    budget.release(drained.bytes());
                }
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The blocks of one flush, {@code uploadsInFlight} full-size blocks at a time; a smaller block
     * counts by its size, at least 1/{@link #UPLOAD_UNITS_PER_BLOCK} of a full one. Scattered
     * small runs (random writes: a 4 KiB run is a block) then keep 16 times as many uploads in
     * flight, which the stores' group commit folds into shared fsyncs, instead of four at a time.
     */
    private List<SliceInfo> upload(long ino, List<DirtyRanges.Block> blocks) {
        Semaphore inFlight = new Semaphore(uploadsInFlight * UPLOAD_UNITS_PER_BLOCK);
        List<CompletableFuture<SliceInfo>> uploads = new ArrayList<>(blocks.size());
        for (DirtyRanges.Block b : blocks) {
            int units = uploadUnits(b.data().length, blockSize);
            inFlight.acquireUninterruptibly(units);
            CompletableFuture<SliceInfo> u = stores.upload(ino, b.fileOffset(), b.data());
            u.whenComplete((s, e) -> inFlight.release(units));
            uploads.add(u);
        }
        List<SliceInfo> slices = new ArrayList<>(uploads.size());
        for (CompletableFuture<SliceInfo> u : uploads) {
            slices.add(Rpc.await(u));
        }
        return slices;
    }

    /** Units of the upload budget a full-size block costs (UPLOADS_IN_FLIGHT counts full blocks). */
    static final int UPLOAD_UNITS_PER_BLOCK = 16;

    /** What a block of {@code length} bytes costs of the budget: its share of a full block, rounded up, at least 1. */
    static int uploadUnits(int length, int blockSize) {
        return (int) Math.max(1, Math.min(UPLOAD_UNITS_PER_BLOCK,
                ((long) length * UPLOAD_UNITS_PER_BLOCK + blockSize - 1) / blockSize));
    }

    /** A truncate by this client: buffered bytes beyond the size are dropped, the rest stays buffered. */
    public void truncated(long ino, long size) {
        FileState state = ifOpen(ino);
        if (state != null) {
            budget.release(state.truncate(size));
        }
    }
}
