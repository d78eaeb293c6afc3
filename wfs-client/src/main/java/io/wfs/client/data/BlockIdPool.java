package io.wfs.client.data;

import io.wfs.common.msg.meta.AllocateBlockIdsRequest;
import io.wfs.common.msg.meta.BlockIdsReply;
import io.wfs.common.route.MetaClient;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayFIFOQueue;

/**
 * Block ids taken from the metadata groups in batches. An id carries its slot (slot << 52 | seq),
 * which lets a store ask the owning group whether a block is still referenced; any id of a slot
 * serves any file of that slot, so one batch per slot is shared by all files there (a file lives
 * in its parent's slot, so a directory of small files shares one batch). Allocating costs a Raft
 * entry: a batch makes it one per {@value #BATCH} blocks.
 */
public final class BlockIdPool {
    static final int BATCH = 64;

    private final MetaClient meta;
    private final Int2ObjectOpenHashMap<LongArrayFIFOQueue> bySlot = new Int2ObjectOpenHashMap<>();
    /** The inode an allocation for a file names (AsyncCreates: a file not yet on its group names its directory). */
    private volatile java.util.function.LongUnaryOperator owner = ino -> ino;

    public BlockIdPool(MetaClient meta) {
        this.meta = meta;
    }

    public void allocateVia(java.util.function.LongUnaryOperator ownerOf) {
        this.owner = ownerOf;
    }

    /** A fresh block id for a block of file {@code ino}. */
    public long next(long ino) {
        int slot = (int) (ino >>> 52);
        synchronized (bySlot) {
            LongArrayFIFOQueue ids = bySlot.get(slot);
            if (ids != null && !ids.isEmpty()) {
                return ids.dequeueLong();
            }
        }
        // Allocated outside the lock: other slots' writers need not wait for this round trip.
        // As root: ids are not data, and the file's own permissions were checked when it was opened.
        BlockIdsReply reply = Rpc.await(meta.callHere(new AllocateBlockIdsRequest(meta.mutation(0, 0), owner.applyAsLong(ino),
                BATCH)));
        synchronized (bySlot) {
            LongArrayFIFOQueue ids = bySlot.computeIfAbsent(slot, s -> new LongArrayFIFOQueue());
            for (int i = 1; i < reply.count(); i++) {
                ids.enqueue(reply.firstId() + i);
            }
        }
        return reply.firstId();
    }
}
