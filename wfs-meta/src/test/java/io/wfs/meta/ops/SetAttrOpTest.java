package io.wfs.meta.ops;

import static io.wfs.common.msg.meta.SetAttrRequest.ATIME;
import static io.wfs.common.msg.meta.SetAttrRequest.GID;
import static io.wfs.common.msg.meta.SetAttrRequest.MODE;
import static io.wfs.common.msg.meta.SetAttrRequest.MTIME;
import static io.wfs.common.msg.meta.SetAttrRequest.MTIME_NOW;
import static io.wfs.common.msg.meta.SetAttrRequest.SIZE;
import static io.wfs.common.msg.meta.SetAttrRequest.UID;
import static io.wfs.meta.ops.MetaTester.ROOT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SliceInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class SetAttrOpTest {
    private final MetaTester t = new MetaTester();

    private InodeAttr set(long ino, int valid, int mode, int uid, int gid, long size, long atime, long mtime) {
        return t.run(new SetAttrRequest(t.h(), ino, valid, mode, uid, gid, size, atime, mtime)).attr();
    }

    private SetAttrRequest req(long ino, int valid, int mode, int uid, int gid) {
        return new SetAttrRequest(t.h(), ino, valid, mode, uid, gid, 0, 0, 0);
    }

    @Test
    void onlyTheOwnerOrRootChangesTheMode() {
        long f = t.as(1000, 100).create(ROOT, "f", 0644).ino();
        assertEquals(0100600, set(f, MODE, 0600, 0, 0, 0, 0, 0).mode());
        t.as(1001, 100);
        t.fails(WfsErrorCode.EPERM, req(f, MODE, 0777, 0, 0));
        t.as(0, 0);
        assertEquals(0100777, set(f, MODE, 0777, 0, 0, 0, 0, 0).mode());
    }

    @Test
    void chmodByANonMemberDropsSetGroupId() {
        long f = t.as(1000, 100).create(ROOT, "f", 0644).ino();
        assertEquals(02755, set(f, MODE, 02755, 0, 0, 0, 0, 0).mode() & 07777, "member of 100 keeps it");
        t.as(0, 0);
        set(f, GID, 0, 0, 555, 0, 0, 0);
        t.as(1000, 100);
        assertEquals(0755, set(f, MODE, 02755, 0, 0, 0, 0, 0).mode() & 07777);
    }

    @Test
    void chownRules() {
        long f = t.as(1000, 100, 200).create(ROOT, "f", 0644).ino();
        t.fails(WfsErrorCode.EPERM, req(f, UID, 0, 1001, 0));
        assertEquals(200, set(f, GID, 0, 0, 200, 0, 0, 0).gid(), "owner may pick one of its groups");
        t.fails(WfsErrorCode.EPERM, req(f, GID, 0, 0, 300));
        t.as(1001, 100);
        t.fails(WfsErrorCode.EPERM, req(f, GID, 0, 0, 100));
        t.as(0, 0);
        InodeAttr given = set(f, UID | GID, 0, 1001, 300, 0, 0, 0);
        assertEquals(1001, given.uid());
        assertEquals(300, given.gid());
    }

    @Test
    void chownClearsSetIdsOfFilesButNotDirectories() {
        long f = t.as(0, 0).create(ROOT, "f", 06755).ino();
        assertEquals(0755, set(f, UID, 0, 5, 0, 0, 0, 0).mode() & 07777);
        long g = t.create(ROOT, "g", 06745).ino();
        assertEquals(02745, set(g, UID, 0, 5, 0, 0, 0, 0).mode() & 07777, "sgid without group-exec stays");
        long d = t.mkdir(ROOT, "d", 0755).ino();
        set(d, MODE, 02755, 0, 0, 0, 0, 0); // mkdir(2) drops set-group-id as Linux does; chmod sets it
        assertEquals(02755, set(d, UID, 0, 5, 0, 0, 0, 0).mode() & 07777);
    }

    @Test
    void truncateNeedsWritePermissionFreesBlocksAndMovesTimes() {
        long f = t.as(1000, 100).create(ROOT, "f", 0644).ino();
        t.run(new CommitSlicesRequest(t.h(), f, List.of(new SliceInfo(0, 4096, 1, 11, 0),
                new SliceInfo(4096, 4096, 1, 12, 0)), 8192));
        InodeAttr cut = set(f, SIZE, 0, 0, 0, 4096, 0, 0);
        assertEquals(4096, cut.size());
        assertEquals(t.now(), cut.mtimeNs());
        assertArrayEquals(new long[] {12}, t.machine().pendingDeletions(10));
        assertEquals(1 << 20, set(f, SIZE, 0, 0, 0, 1 << 20, 0, 0).size(), "extends with a hole");
        t.as(1001, 100);
        t.fails(WfsErrorCode.EACCES, new SetAttrRequest(t.h(), f, SIZE, 0, 0, 0, 0, 0, 0));
        long d = t.as(0, 0).mkdir(ROOT, "d", 0777).ino();
        t.fails(WfsErrorCode.EISDIR, new SetAttrRequest(t.h(), d, SIZE, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void explicitTimesNeedOwnershipAndNowNeedsWriteAccess() {
        long f = t.as(1000, 100).create(ROOT, "f", 0666).ino();
        InodeAttr times = set(f, ATIME | MTIME, 0, 0, 0, 0, 111, 222);
        assertEquals(111, times.atimeNs());
        assertEquals(222, times.mtimeNs());
        assertEquals(t.now(), times.ctimeNs());
        t.as(1001, 100);
        t.fails(WfsErrorCode.EPERM, new SetAttrRequest(t.h(), f, MTIME, 0, 0, 0, 0, 0, 5));
        assertEquals(t.now() + 1_000_000, set(f, MTIME_NOW, 0, 0, 0, 0, 0, 0).mtimeNs(), "others may touch with write access");
        long ro = t.as(1000, 100).create(ROOT, "ro", 0644).ino();
        t.as(1001, 100);
        t.fails(WfsErrorCode.EACCES, new SetAttrRequest(t.h(), ro, MTIME_NOW, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void aRefusedRequestChangesNothing() {
        long f = t.as(1000, 100).create(ROOT, "f", 0444).ino();
        InodeAttr before = t.stat(f);
        t.fails(WfsErrorCode.EACCES, new SetAttrRequest(t.h(), f, GID | SIZE, 0, 0, 100, 10, 0, 0));
        InodeAttr after = t.stat(f);
        assertEquals(before.ctimeNs(), after.ctimeNs());
        assertEquals(before.size(), after.size());
    }
}
