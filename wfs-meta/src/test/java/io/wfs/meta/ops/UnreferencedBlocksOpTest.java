package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AllocateBlockIdsRequest;
import io.wfs.common.msg.meta.BlockListReply;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.msg.meta.UnreferencedBlocksRequest;
import io.wfs.meta.namespace.InodeNumbers;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnreferencedBlocksOpTest {
    private final MetaTester t = new MetaTester();

    private long[] unreferenced(int slot, long... ids) {
        BlockListReply r = t.run(new UnreferencedBlocksRequest(t.h(), slot, ids));
        return r.blockIds();
    }

    @Test
    void committedBlocksAreReferencedAllocatedOnesAndFreedOnesAreNot() {
        long small = t.create(ROOT, "small", 0644).ino();
        long big = t.create(ROOT, "big", 0644).ino();
        int slot = InodeNumbers.slotOf(small);
        long first = t.run(new AllocateBlockIdsRequest(t.h(), small, 8)).firstId();
        // "small" keeps its one slice inline in the inode record, "big" has an overflow slice list.
        t.run(new CommitSlicesRequest(t.h(), small, List.of(new SliceInfo(0, 100, 1, first, 0)), 100));
        t.run(new CommitSlicesRequest(t.h(), big, List.of(new SliceInfo(0, 4096, 1, first + 1, 0),
                new SliceInfo(4096, 4096, 1, first + 2, 0)), 8192));
        long neverCommitted = first + 3;
        long neverAllocated = InodeNumbers.of(slot, InodeNumbers.MAX_SEQ);

        assertArrayEquals(new long[] {neverCommitted, neverAllocated},
                unreferenced(slot, first, neverCommitted, first + 1, first + 2, neverAllocated));

        t.run(new UnlinkRequest(t.h(), ROOT, n("big")));
        assertArrayEquals(new long[] {first + 1, first + 2}, unreferenced(slot, first, first + 1, first + 2),
                "blocks of an unlinked file are no longer referenced");
    }

    @Test
    void blockIdsOfAnotherSlotOrWithSeqZeroAreRefused() {
        MetaHeader h = MetaHeader.root();
        WfsException foreign = assertThrows(WfsException.class,
                () -> new UnreferencedBlocksRequest(h, 3, new long[] {InodeNumbers.of(3, 5), InodeNumbers.of(4, 5)}).validate());
        assertEquals(WfsErrorCode.BAD_REQUEST, foreign.code());
        assertThrows(WfsException.class, () -> new UnreferencedBlocksRequest(h, 3, new long[] {3L << 52}).validate());
        assertThrows(WfsException.class, () -> new UnreferencedBlocksRequest(h, 3, new long[0]).validate());
        assertThrows(WfsException.class, () -> new UnreferencedBlocksRequest(h, 3, null).validate());
        assertThrows(WfsException.class, () -> new UnreferencedBlocksRequest(h, 4096, new long[] {1}).validate());
    }
}
