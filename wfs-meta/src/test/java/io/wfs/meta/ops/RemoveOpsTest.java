package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.UnlinkRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class RemoveOpsTest {
    private final MetaTester t = new MetaTester();

    @Test
    void unlinkDropsTheLastLinkAndQueuesTheBlocksForDeletion() {
        long f = t.create(ROOT, "f", 0644).ino();
        t.run(new CommitSlicesRequest(t.h(), f, List.of(new SliceInfo(0, 100, 1, 4242, 0)), 100));
        t.run(new LinkRequest(t.h(), f, ROOT, n("g")));
        t.run(new UnlinkRequest(t.h(), ROOT, n("f")));
        assertEquals(1, t.stat(f).nlink());
        assertEquals(0, t.machine().pendingDeletions(10).length, "still linked as g");
        t.run(new UnlinkRequest(t.h(), ROOT, n("g")));
        t.fails(WfsErrorCode.ENOENT, new GetAttrRequest(t.h(), f));
        assertArrayEquals(new long[] {4242}, t.machine().pendingDeletions(10));
        t.fails(WfsErrorCode.ENOENT, new UnlinkRequest(t.h(), ROOT, n("g")));
    }

    @Test
    void unlinkRefusesDirectoriesAndRmdirRefusesFilesAndNonEmptyDirectories() {
        long d = t.mkdir(ROOT, "d", 0755).ino();
        t.create(d, "inside", 0644);
        t.create(ROOT, "f", 0644);
        t.fails(WfsErrorCode.EISDIR, new UnlinkRequest(t.h(), ROOT, n("d")));
        t.fails(WfsErrorCode.ENOTDIR, new RmdirRequest(t.h(), ROOT, n("f")));
        t.fails(WfsErrorCode.ENOTEMPTY, new RmdirRequest(t.h(), ROOT, n("d")));
        t.run(new UnlinkRequest(t.h(), d, n("inside")));
        int rootLinks = t.stat(ROOT).nlink();
        t.run(new RmdirRequest(t.h(), ROOT, n("d")));
        assertEquals(rootLinks - 1, t.stat(ROOT).nlink());
        t.fails(WfsErrorCode.ENOENT, new RmdirRequest(t.h(), ROOT, n("d")));
    }

    @Test
    void theStickyBitProtectsOtherUsersEntries() {
        long tmp = t.as(0, 0).mkdir(ROOT, "tmp", 01777).ino();
        t.as(1000, 100).create(tmp, "alice", 0644);
        t.as(1001, 100);
        t.fails(WfsErrorCode.EPERM, new UnlinkRequest(t.h(), tmp, n("alice")));
        t.as(1000, 100).run(new UnlinkRequest(t.h(), tmp, n("alice")));
        t.as(1000, 100).create(tmp, "again", 0644);
        t.as(0, 0).run(new UnlinkRequest(t.h(), tmp, n("again")));
    }

    @Test
    void removingNeedsWriteAndSearchOnTheDirectory() {
        long d = t.as(0, 0).mkdir(ROOT, "ro", 0755).ino();
        t.create(d, "f", 0666);
        t.as(1000, 100);
        t.fails(WfsErrorCode.EACCES, new UnlinkRequest(t.h(), d, n("f")));
    }
}
