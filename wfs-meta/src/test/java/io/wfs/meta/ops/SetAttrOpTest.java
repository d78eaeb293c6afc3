package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.posix.Posix;
import java.util.List;
import org.junit.jupiter.api.Test;

class SetAttrOpTest {
    private final MetaTester t = new MetaTester();

    private InodeAttr set(long ino, SetAttr change) {
        return t.run(new SetAttrRequest(t.h(), ino, change)).attr();
    }

    private SetAttrRequest req(long ino, SetAttr change) {
        return new SetAttrRequest(t.h(), ino, change);
    }

    @Test
    void onlyTheOwnerOrRootChangesTheMode() {
        long f = t.as(1000, 100).create(ROOT, "f", 0644).ino();
        assertEquals(Posix.S_IFREG | 0600, set(f, SetAttr.NOTHING.withMode(0600)).mode());
        t.as(1001, 100);
        t.fails(WfsErrorCode.EPERM, req(f, SetAttr.NOTHING.withMode(0777)));
        t.as(0, 0);
        assertEquals(Posix.S_IFREG | 0777, set(f, SetAttr.NOTHING.withMode(0777)).mode());
    }

    @Test
    void chmodByANonMemberDropsSetGroupId() {
        long f = t.as(1000, 100).create(ROOT, "f", 0644).ino();
        assertEquals(02755, set(f, SetAttr.NOTHING.withMode(02755)).mode() & Posix.PERMISSION_BITS, "member of 100 keeps it");
        t.as(0, 0);
        set(f, SetAttr.NOTHING.withGid(555));
        t.as(1000, 100);
        assertEquals(0755, set(f, SetAttr.NOTHING.withMode(02755)).mode() & Posix.PERMISSION_BITS);
    }

    @Test
    void aWriterMayClearSetIdsAndNothingElse() {
        long f = t.as(0, 0).create(ROOT, "f", 06777).ino();
        long notWritable = t.create(ROOT, "g", 04755).ino();
        t.as(1000, 0);
        t.fails(WfsErrorCode.EPERM, req(f, SetAttr.NOTHING.withMode(0776)));
        t.fails(WfsErrorCode.EPERM, req(f, SetAttr.NOTHING.withMode(06776)));
        assertEquals(02777, set(f, SetAttr.NOTHING.withMode(02777)).mode() & Posix.PERMISSION_BITS, "the kernel's kill-suid");
        t.fails(WfsErrorCode.EPERM, req(notWritable, SetAttr.NOTHING.withMode(0755)));
        assertEquals(0755, set(notWritable, SetAttr.NOTHING.withMode(0755).byOpenFile()).mode() & Posix.PERMISSION_BITS,
                "a writer through a descriptor of its session");
        t.fails(WfsErrorCode.EPERM, req(f, SetAttr.NOTHING.withMode(0777).withMtime(5)));
        t.as(0, 0);
        long dir = t.mkdir(ROOT, "shared", 02777).ino();
        t.as(1000, 0);
        t.fails(WfsErrorCode.EPERM, req(dir, SetAttr.NOTHING.withMode(0777)));
    }

    @Test
    void aTruncateThroughADescriptorIsNotCheckedAgainstTheModeBits() {
        long f = t.as(1000, 100).create(ROOT, "f", 0).ino();
        t.fails(WfsErrorCode.EACCES, req(f, SetAttr.NOTHING.withSize(5)));
        assertEquals(5, set(f, SetAttr.NOTHING.withSize(5).byOpenFile()).size());
        t.fails(WfsErrorCode.EINVAL, req(f, SetAttr.NOTHING.byOpenFile()));
    }

    @Test
    void aTruncateByAWriterOutsideTheGroupDropsSetGroupIdEvenWithoutGroupExecute() {
        long f = t.as(0, 0).create(ROOT, "f", 02767).ino();
        long g = t.create(ROOT, "g", 02767).ino();
        set(g, SetAttr.NOTHING.withGid(100));
        t.as(1000, 100);
        assertEquals(0767, set(f, SetAttr.NOTHING.withSize(1)).mode() & Posix.PERMISSION_BITS);
        assertEquals(02767, set(g, SetAttr.NOTHING.withSize(1)).mode() & Posix.PERMISSION_BITS, "a member keeps it");
    }

    @Test
    void chownRules() {
        long f = t.as(1000, 100, 200).create(ROOT, "f", 0644).ino();
        t.fails(WfsErrorCode.EPERM, req(f, SetAttr.NOTHING.withUid(1001)));
        assertEquals(200, set(f, SetAttr.NOTHING.withGid(200)).gid(), "owner may pick one of its groups");
        t.fails(WfsErrorCode.EPERM, req(f, SetAttr.NOTHING.withGid(300)));
        t.as(1001, 100);
        t.fails(WfsErrorCode.EPERM, req(f, SetAttr.NOTHING.withGid(100)));
        t.as(0, 0);
        InodeAttr given = set(f, SetAttr.NOTHING.withUid(1001).withGid(300));
        assertEquals(1001, given.uid());
        assertEquals(300, given.gid());
    }

    @Test
    void chownClearsSetIdsOfFilesButNotDirectories() {
        long f = t.as(0, 0).create(ROOT, "f", 06755).ino();
        assertEquals(0755, set(f, SetAttr.NOTHING.withUid(5)).mode() & Posix.PERMISSION_BITS);
        long g = t.create(ROOT, "g", 06745).ino();
        assertEquals(02745, set(g, SetAttr.NOTHING.withUid(5)).mode() & Posix.PERMISSION_BITS, "sgid without group-exec stays");
        long d = t.mkdir(ROOT, "d", 0755).ino();
        set(d, SetAttr.NOTHING.withMode(02755)); // mkdir(2) drops set-group-id as Linux does; chmod sets it
        assertEquals(02755, set(d, SetAttr.NOTHING.withUid(5)).mode() & Posix.PERMISSION_BITS);
    }

    @Test
    void truncateNeedsWritePermissionFreesBlocksAndMovesTimes() {
        long f = t.as(1000, 100).create(ROOT, "f", 0644).ino();
        t.run(new CommitSlicesRequest(t.h(), f, List.of(new SliceInfo(0, 4096, 1, 11, 0),
                new SliceInfo(4096, 4096, 1, 12, 0)), 8192));
        InodeAttr cut = set(f, SetAttr.NOTHING.withSize(4096));
        assertEquals(4096, cut.size());
        assertEquals(t.now(), cut.mtimeNs());
        assertArrayEquals(new long[] {12}, t.machine().pendingDeletions(10));
        assertEquals(1 << 20, set(f, SetAttr.NOTHING.withSize(1 << 20)).size(), "extends with a hole");
        t.as(1001, 100);
        t.fails(WfsErrorCode.EACCES, new SetAttrRequest(t.h(), f, SetAttr.NOTHING.withSize(0)));
        long d = t.as(0, 0).mkdir(ROOT, "d", 0777).ino();
        t.fails(WfsErrorCode.EISDIR, new SetAttrRequest(t.h(), d, SetAttr.NOTHING.withSize(0)));
    }

    @Test
    void explicitTimesNeedOwnershipAndNowNeedsWriteAccess() {
        long f = t.as(1000, 100).create(ROOT, "f", 0666).ino();
        InodeAttr times = set(f, SetAttr.NOTHING.withAtime(111).withMtime(222));
        assertEquals(111, times.atimeNs());
        assertEquals(222, times.mtimeNs());
        assertEquals(t.now(), times.ctimeNs());
        t.as(1001, 100);
        t.fails(WfsErrorCode.EPERM, new SetAttrRequest(t.h(), f, SetAttr.NOTHING.withMtime(5)));
        assertEquals(t.now() + 1_000_000, set(f, SetAttr.NOTHING.withMtimeNow()).mtimeNs(), "others may touch with write access");
        long ro = t.as(1000, 100).create(ROOT, "ro", 0644).ino();
        t.as(1001, 100);
        t.fails(WfsErrorCode.EACCES, new SetAttrRequest(t.h(), ro, SetAttr.NOTHING.withMtimeNow()));
    }

    @Test
    void aRefusedRequestChangesNothing() {
        long f = t.as(1000, 100).create(ROOT, "f", 0444).ino();
        InodeAttr before = t.stat(f);
        t.fails(WfsErrorCode.EACCES, new SetAttrRequest(t.h(), f, SetAttr.NOTHING.withGid(100).withSize(10)));
        InodeAttr after = t.stat(f);
        assertEquals(before.ctimeNs(), after.ctimeNs());
        assertEquals(before.size(), after.size());
    }
}
