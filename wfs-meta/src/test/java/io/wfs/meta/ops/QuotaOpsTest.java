package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.CloseRequest;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.GetQuotaRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.ListQuotasRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.OpenRequest;
import io.wfs.common.msg.meta.QuotaUsage;
import io.wfs.common.msg.meta.RemoveQuotaRequest;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SetQuotaRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.meta.namespace.InodeNumbers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Directory quotas through the state machine: accounting, EDQUOT, the quota's edge, snapshots. */
class QuotaOpsTest {
    private final MetaTester t = new MetaTester();
    private long block = 1000;

    private QuotaUsage quota(MetaTester on, long dir) {
        return on.run(new GetQuotaRequest(on.h(), dir)).quota();
    }

    private QuotaUsage quota(long dir) {
        return quota(t, dir);
    }

    private void write(long file, long offset, int length) {
        t.run(new CommitSlicesRequest(t.h(), file, List.of(new SliceInfo(offset, length, 1, ++block, 0)), offset + length));
    }

    private void assertUsage(long bytes, long inodes, long dir) {
        QuotaUsage q = quota(dir);
        assertEquals(bytes, q.usedBytes(), "bytes used");
        assertEquals(inodes, q.usedInodes(), "inodes used (the quota directory counts)");
    }

    @Test
    void filesWritesTruncatesAndRemovalsAreCountedExactly() {
        long v = t.mkdir(ROOT, "vol", 0777).ino();
        t.run(new SetQuotaRequest(t.h(), v, 0, 0));
        assertUsage(0, 1, v);
        long f = t.create(v, "f", 0644).ino();
        long sub = t.mkdir(v, "sub", 0755).ino();
        long g = t.create(sub, "g", 0644).ino();
        t.run(new SymlinkRequest(t.h(), sub, n("l"), n("target")));
        assertUsage(0, 5, v);
        write(f, 0, 4096);
        write(f, 0, 100);
        write(g, 8192, 10);
        assertUsage(4096 + 8202, 5, v);
        t.run(new SetAttrRequest(t.h(), f, SetAttr.NOTHING.withSize(1)));
        assertUsage(1 + 8202, 5, v);
        t.run(new UnlinkRequest(t.h(), sub, n("g")));
        t.run(new UnlinkRequest(t.h(), sub, n("l")));
        t.run(new RmdirRequest(t.h(), v, n("sub")));
        assertUsage(1, 2, v);
        // Nothing outside the quota counts.
        long outside = t.create(ROOT, "outside", 0644).ino();
        write(outside, 0, 5000);
        assertUsage(1, 2, v);
    }

    @Test
    void growthPastALimitIsRefusedWithEdquotAndChangesNothing() {
        long v = t.mkdir(ROOT, "vol", 0777).ino();
        t.run(new SetQuotaRequest(t.h(), v, 10_000, 4));
        long f = t.create(v, "f", 0644).ino();
        write(f, 0, 8000);
        t.fails(WfsErrorCode.EDQUOT, new CommitSlicesRequest(t.h(), f,
                List.of(new SliceInfo(0, 4000, 1, 50, 0), new SliceInfo(8000, 4000, 1, 51, 0)), 12_000));
        assertEquals(8000, t.stat(f).size(), "no slice of a refused commit lands");
        t.fails(WfsErrorCode.EDQUOT, new SetAttrRequest(t.h(), f, SetAttr.NOTHING.withSize(20_000).withMode(0600)));
        assertEquals(0644, t.stat(f).mode() & 07777, "a refused setattr changes nothing");
        write(f, 8000, 2000);
        assertUsage(10_000, 2, v);
        t.mkdir(v, "d", 0755);
        t.create(v, "g", 0644);
        t.fails(WfsErrorCode.EDQUOT, new io.wfs.common.msg.meta.MknodRequest(t.h(), v, n("h"),
                io.wfs.common.posix.Posix.S_IFREG | 0644, 0));
        t.fails(WfsErrorCode.EDQUOT, new io.wfs.common.msg.meta.MkdirRequest(t.h(), v, n("e"), 0755));
        // Shrinking is always allowed, also under a lowered limit.
        t.run(new SetQuotaRequest(t.h(), v, 5000, 0));
        t.run(new SetAttrRequest(t.h(), f, SetAttr.NOTHING.withSize(9000)));
        t.fails(WfsErrorCode.EDQUOT, new SetAttrRequest(t.h(), f, SetAttr.NOTHING.withSize(9001)));
        t.create(v, "h", 0644);
    }

    @Test
    void anOpenUnlinkedFileStopsCountingAtItsLastUnlink() {
        long v = t.mkdir(ROOT, "vol", 0777).ino();
        t.run(new SetQuotaRequest(t.h(), v, 0, 0));
        long f = t.create(v, "f", 0666).ino();
        write(f, 0, 3000);
        MetaHeader session = new MetaHeader(0, 0, new int[0]).withSequence(7, 1, 0);
        t.run(new OpenRequest(session, f, 2));
        t.run(new UnlinkRequest(t.h(), v, n("f")));
        assertUsage(0, 1, v);
        write(f, 3000, 1000);
        assertUsage(0, 1, v);
        t.run(new CloseRequest(new MetaHeader(0, 0, new int[0]).withSequence(7, 2, 1), f));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(f));
        assertUsage(0, 1, v);
    }

    @Test
    void newDirectoriesStayInTheQuotasSlot() {
        long v = t.mkdir(ROOT, "vol", 0777).ino();
        t.run(new SetQuotaRequest(t.h(), v, 0, 0));
        long dir = v;
        for (int i = 0; i < 20; i++) {
            dir = t.mkdir(dir, "d" + i, 0755).ino();
            assertEquals(InodeNumbers.slotOf(v), InodeNumbers.slotOf(dir));
        }
        assertEquals(InodeNumbers.slotOf(v), InodeNumbers.slotOf(t.mkdir(v, "x", 0755).ino()));
        long plain = t.mkdir(ROOT, "plain", 0777).ino();
        int otherSlots = 0;
        for (int i = 0; i < 20; i++) {
            otherSlots += InodeNumbers.slotOf(t.mkdir(plain, "d" + i, 0755).ino()) != InodeNumbers.slotOf(plain) ? 1 : 0;
        }
        assertEquals(20, otherSlots, "outside quotas directories still spread over slots by hash");
    }

    @Test
    void linksAndRenamesAcrossTheQuotasEdgeAnswerExdev() {
        long v = t.mkdir(ROOT, "vol", 0777).ino();
        t.run(new SetQuotaRequest(t.h(), v, 0, 0));
        long inside = t.create(v, "in", 0644).ino();
        long outside = t.create(ROOT, "out", 0644).ino();
        long sub = t.mkdir(v, "sub", 0755).ino();
        t.fails(WfsErrorCode.EXDEV, new LinkRequest(t.h(), outside, v, n("link")));
        t.fails(WfsErrorCode.EXDEV, new LinkRequest(t.h(), inside, ROOT, n("link")));
        t.fails(WfsErrorCode.EXDEV, new RenameRequest(t.h(), ROOT, n("out"), v, n("out"), 0));
        t.fails(WfsErrorCode.EXDEV, new RenameRequest(t.h(), v, n("in"), ROOT, n("in"), 0));
        t.fails(WfsErrorCode.EXDEV, new RenameRequest(t.h(), v, n("in"), ROOT, n("out"), RenameRequest.EXCHANGE));
        // Inside the quota everything works, and the subtree trap still holds.
        t.run(new LinkRequest(t.h(), inside, sub, n("in2")));
        t.run(new RenameRequest(t.h(), v, n("in"), sub, n("moved"), 0));
        long deep = t.mkdir(sub, "deep", 0755).ino();
        t.fails(WfsErrorCode.EINVAL, new RenameRequest(t.h(), v, n("sub"), deep, n("x"), 0));
        t.run(new RenameRequest(t.h(), sub, n("deep"), v, n("deep"), 0));
        assertUsage(0, 4, v);
        // The quota directory itself may move anywhere outside quotas, its quota with it.
        long other = t.mkdir(ROOT, "other", 0777).ino();
        t.run(new RenameRequest(t.h(), ROOT, n("vol"), other, n("vol"), 0));
        assertUsage(0, 4, v);
        t.create(sub, "after-move", 0644);
        assertUsage(0, 5, v);
    }

    @Test
    void aHardLinksParentPointerFollowsItsNamesSoTheQuotaIsAlwaysFound() {
        long v = t.mkdir(ROOT, "vol", 0777).ino();
        t.run(new SetQuotaRequest(t.h(), v, 0, 0));
        long a = t.mkdir(v, "a", 0755).ino();
        long b = t.mkdir(v, "b", 0755).ino();
        long f = t.create(a, "f", 0644).ino();
        t.run(new LinkRequest(t.h(), f, b, n("f")));
        // The name the parent pointer names goes, then its directory.
        t.run(new UnlinkRequest(t.h(), a, n("f")));
        t.run(new RmdirRequest(t.h(), v, n("a")));
        write(f, 0, 777);
        assertUsage(777, 3, v);
        t.run(new UnlinkRequest(t.h(), b, n("f")));
        assertUsage(0, 2, v);
    }

    @Test
    void aQuotaOnAPopulatedDirectoryCountsItOnceAndRefusesWhatItCannotKeep() {
        long v = t.mkdir(ROOT, "vol", 0777).ino();
        long f = t.create(v, "f", 0644).ino();
        write(f, 0, 1234);
        t.run(new LinkRequest(t.h(), f, v, n("f2")));
        t.run(new SetQuotaRequest(t.h(), v, 0, 0));
        assertUsage(1234, 2, v);

        long spread = t.mkdir(ROOT, "spread", 0777).ino();
        long child = t.mkdir(spread, "child", 0755).ino();
        if (InodeNumbers.slotOf(child) != InodeNumbers.slotOf(spread)) {
            t.fails(WfsErrorCode.EXDEV, new SetQuotaRequest(t.h(), spread, 0, 0));
        }
        long linkedOut = t.mkdir(ROOT, "linked-out", 0777).ino();
        long g = t.create(linkedOut, "g", 0644).ino();
        t.run(new LinkRequest(t.h(), g, ROOT, n("g-elsewhere")));
        if (InodeNumbers.slotOf(g) == InodeNumbers.slotOf(ROOT)) {
            t.fails(WfsErrorCode.EXDEV, new SetQuotaRequest(t.h(), linkedOut, 0, 0));
        }
        t.fails(WfsErrorCode.EINVAL, new SetQuotaRequest(t.h(), t.mkdir(v, "nested", 0755).ino(), 0, 0));
        t.fails(WfsErrorCode.ENOTDIR, new SetQuotaRequest(t.h(), f, 0, 0));
    }

    @Test
    void onlyRootManagesQuotasAndEveryoneMayReadThem() {
        long v = t.mkdir(ROOT, "vol", 0777).ino();
        t.fails(WfsErrorCode.ENODATA, new GetQuotaRequest(t.h(), v));
        t.fails(WfsErrorCode.ENODATA, new RemoveQuotaRequest(t.h(), v));
        t.as(1000, 100);
        t.fails(WfsErrorCode.EPERM, new SetQuotaRequest(t.h(), v, 1, 1));
        t.as(0, 0).run(new SetQuotaRequest(t.h(), v, 1 << 20, 10));
        t.as(1000, 100);
        assertEquals(1 << 20, quota(v).limitBytes());
        t.fails(WfsErrorCode.EPERM, new RemoveQuotaRequest(t.h(), v));
        t.fails(WfsErrorCode.EPERM, new ListQuotasRequest(t.h(), 0));
        t.as(0, 0);
        assertEquals(List.of(v), t.run(new ListQuotasRequest(t.h(), 0)).quotas().stream().map(QuotaUsage::dirIno).toList());
        t.run(new RemoveQuotaRequest(t.h(), v));
        t.fails(WfsErrorCode.ENODATA, new GetQuotaRequest(t.h(), v));
        // Removing the quota directory removes its quota.
        long w = t.mkdir(ROOT, "w", 0777).ino();
        t.run(new SetQuotaRequest(t.h(), w, 0, 0));
        t.run(new RmdirRequest(t.h(), ROOT, n("w")));
        assertEquals(0, t.run(new ListQuotasRequest(t.h(), 0)).quotas().size());
    }

    @Test
    void quotasAndTheirUsageSurviveASnapshotAndKeepBeingEnforced() {
        long v = t.mkdir(ROOT, "vol", 0777).ino();
        t.run(new SetQuotaRequest(t.h(), v, 5000, 0));
        long sub = t.mkdir(v, "sub", 0755).ino();
        long f = t.create(sub, "f", 0644).ino();
        write(f, 0, 4000);
        MetaTester copy = t.restoredFromSnapshot();
        assertEquals(t.machine().digest(), copy.machine().digest());
        QuotaUsage q = quota(copy, v);
        assertEquals(4000, q.usedBytes());
        assertEquals(3, q.usedInodes());
        assertEquals(5000, q.limitBytes());
        copy.fails(WfsErrorCode.EDQUOT, new CommitSlicesRequest(copy.h(), f, List.of(new SliceInfo(4000, 2000, 1, 99, 0)), 6000));
        assertEquals(InodeNumbers.slotOf(v), InodeNumbers.slotOf(copy.mkdir(sub, "d", 0755).ino()));
    }
}
