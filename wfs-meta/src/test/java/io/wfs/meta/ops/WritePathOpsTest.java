package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.AllocateBlockIdsRequest;
import io.wfs.common.msg.meta.BlockIdsReply;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.GetSlicesRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.InodeNumbers;
import java.util.List;
import org.junit.jupiter.api.Test;

class WritePathOpsTest {
    private final MetaTester t = new MetaTester();

    @Test
    void blockIdsComeFromTheFilesSlotInDisjointBatches() {
        long f = t.create(ROOT, "f", 0644).ino();
        BlockIdsReply a = t.run(new AllocateBlockIdsRequest(t.h(), f, 16));
        BlockIdsReply b = t.run(new AllocateBlockIdsRequest(t.h(), f, 16));
        assertEquals(InodeNumbers.slotOf(f), InodeNumbers.slotOf(a.firstId()));
        assertEquals(a.firstId() + 16, b.firstId());
        // Through the directory, for a file its client created there under a delegation and has not sent yet.
        long d = t.mkdir(ROOT, "d", 0755).ino();
        assertEquals(InodeNumbers.slotOf(d), InodeNumbers.slotOf(t.run(new AllocateBlockIdsRequest(t.h(), d, 1)).firstId()));
        t.as(1000, 100);
        t.fails(WfsErrorCode.EACCES, new AllocateBlockIdsRequest(t.h(), f, 1));
        t.fails(WfsErrorCode.EACCES, new AllocateBlockIdsRequest(t.h(), d, 1));
    }

    @Test
    void committedSlicesShadowOlderOnesAndGrowTheFile() {
        long f = t.create(ROOT, "f", 0644).ino();
        InodeAttr after = t.run(new CommitSlicesRequest(t.h(), f, List.of(new SliceInfo(0, 8192, 1, 100, 0)), 8192)).attr();
        assertEquals(8192, after.size());
        assertEquals(t.now(), after.mtimeNs());
        t.run(new CommitSlicesRequest(t.h(), f, List.of(new SliceInfo(0, 8192, 2, 101, 0)), 8192));
        assertArrayEquals(new long[] {100}, t.machine().pendingDeletions(10), "the overwritten block is freed");
        SlicesReply slices = t.run(new GetSlicesRequest(t.h(), f));
        assertEquals(1, slices.slices().size());
        assertEquals(101, slices.slices().get(0).blockId());
        assertEquals(2, slices.slices().get(0).volume());
        t.run(new CommitSlicesRequest(t.h(), f, List.of(new SliceInfo(1 << 20, 10, 3, 102, 4096)), (1 << 20) + 10));
        SlicesReply sparse = t.run(new GetSlicesRequest(t.h(), f));
        assertEquals((1 << 20) + 10, sparse.attr().size());
        assertEquals(2, sparse.slices().size());
    }

    @Test
    void aCommitThroughADescriptorIsNotCheckedAgainstTheModeBits() {
        long f = t.as(1000, 100).create(ROOT, "f", 0).ino();
        List<SliceInfo> one = List.of(new SliceInfo(0, 1, 1, 100, 0));
        t.fails(WfsErrorCode.EACCES, new CommitSlicesRequest(t.h(), f, one, 1));
        assertEquals(1, t.run(new CommitSlicesRequest(t.h(), f, one, 1, true)).attr().size());
    }

    @Test
    void aWriteByANonRootUserClearsSetIds() {
        long f = t.as(0, 0).create(ROOT, "f", 06777).ino();
        t.as(1000, 100);
        InodeAttr a = t.run(new CommitSlicesRequest(t.h(), f, List.of(new SliceInfo(0, 1, 1, 100, 0)), 1)).attr();
        assertEquals(0777, a.mode() & Posix.PERMISSION_BITS);
    }

    @Test
    void slicesOfNonFilesAreRefused() {
        long d = t.mkdir(ROOT, "d", 0755).ino();
        t.fails(WfsErrorCode.EISDIR, new GetSlicesRequest(t.h(), d));
        t.fails(WfsErrorCode.EISDIR, new CommitSlicesRequest(t.h(), d, List.of(new SliceInfo(0, 1, 1, 1, 0)), 1));
        long f = t.as(1000, 100).create(ROOT, "secret", 0600).ino();
        t.as(1001, 100);
        t.fails(WfsErrorCode.EACCES, new GetSlicesRequest(t.h(), f));
    }
}
