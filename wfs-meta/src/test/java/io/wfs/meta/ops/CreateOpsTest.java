package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.ReadlinkRequest;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.posix.Posix;
import io.wfs.meta.namespace.InodeNumbers;
import org.junit.jupiter.api.Test;

class CreateOpsTest {
    private final MetaTester t = new MetaTester();

    @Test
    void createMakesARegularFileInTheParentsSlotOwnedByTheCaller() {
        t.as(1000, 100);
        InodeAttr f = t.create(ROOT, "f", 0640);
        assertEquals(Posix.S_IFREG | 0640, f.mode());
        assertEquals(1000, f.uid());
        assertEquals(100, f.gid());
        assertEquals(1, f.nlink());
        assertEquals(0, f.size());
        assertEquals(InodeNumbers.slotOf(ROOT), InodeNumbers.slotOf(f.ino()));
        assertEquals(t.now(), f.ctimeNs());
        assertEquals(f.ino(), t.lookup(ROOT, "f").ino());
        InodeAttr root = t.stat(ROOT);
        assertEquals(t.now(), root.mtimeNs(), "the parent's mtime moves");
        assertEquals(t.now(), root.ctimeNs(), "the parent's ctime moves");
    }

    @Test
    void mknodMakesFifosAndSocketsAndOnlyRootMakesDevices() {
        t.as(1000, 100);
        assertEquals(Posix.S_IFIFO | 0644, t.run(new MknodRequest(t.h(), ROOT, n("fifo"), Posix.S_IFIFO | 0644, 0)).attr().mode());
        assertEquals(Posix.S_IFSOCK | 0644, t.run(new MknodRequest(t.h(), ROOT, n("sock"), Posix.S_IFSOCK | 0644, 0)).attr().mode());
        t.fails(WfsErrorCode.EPERM, new MknodRequest(t.h(), ROOT, n("dev"), Posix.S_IFCHR | 0644, 0x0801));
        t.as(0, 0);
        InodeAttr dev = t.run(new MknodRequest(t.h(), ROOT, n("dev"), Posix.S_IFBLK | 0600, 0x0801)).attr();
        assertEquals(Posix.S_IFBLK | 0600, dev.mode());
        assertEquals(0x0801, dev.rdev());
    }

    @Test
    void mkdirCountsLinksAndSpreadsDirectoriesOverSlots() {
        InodeAttr a = t.mkdir(ROOT, "a", 0755);
        assertEquals(2, a.nlink());
        assertEquals(3, t.stat(ROOT).nlink(), "root gains the link of a/..");
        java.util.Set<Integer> slots = new java.util.HashSet<>();
        for (int i = 0; i < 40; i++) {
            slots.add(InodeNumbers.slotOf(t.mkdir(a.ino(), "d" + i, 0755).ino()));
        }
        assertTrue(slots.size() > 1, "directories land in several slots: " + slots);
        assertEquals(42, t.stat(a.ino()).nlink());
    }

    @Test
    void existingNamesMissingParentsAndNonDirectoriesAreRefused() {
        t.create(ROOT, "f", 0644);
        t.fails(WfsErrorCode.EEXIST, new MknodRequest(t.h(), ROOT, n("f"), Posix.S_IFREG | 0644, 0));
        t.fails(WfsErrorCode.EEXIST, new MkdirRequest(t.h(), ROOT, n("f"), 0755));
        long file = t.lookup(ROOT, "f").ino();
        t.fails(WfsErrorCode.ENOTDIR, new MkdirRequest(t.h(), file, n("x"), 0755));
        t.fails(WfsErrorCode.ENOTDIR, new LookupRequest(t.h(), file, n("x")));
        t.fails(WfsErrorCode.ENOENT, new MkdirRequest(t.h(), InodeNumbers.of(1, 999), n("x"), 0755));
        t.fails(WfsErrorCode.ENOENT, new LookupRequest(t.h(), ROOT, n("missing")));
        t.fails(WfsErrorCode.ENAMETOOLONG, new MkdirRequest(t.h(), ROOT, n("x".repeat(256)), 0755));
        t.mkdir(ROOT, "y".repeat(255), 0755);
    }

    @Test
    void anInodeOfASlotThisGroupDoesNotOwnIsAStaleRoute() {
        MetaTester partial = new MetaTester(0, 1, 2, 3);
        partial.fails(WfsErrorCode.STALE_ROUTE, new LookupRequest(partial.h(), InodeNumbers.of(77, 1), n("x")));
    }

    @Test
    void writeAndSearchPermissionOnTheParentAreNeeded() {
        InodeAttr d = t.mkdir(ROOT, "d", 0755);
        t.as(1000, 100);
        t.fails(WfsErrorCode.EACCES, new MknodRequest(t.h(), d.ino(), n("f"), Posix.S_IFREG | 0644, 0));
        t.fails(WfsErrorCode.EACCES, new MkdirRequest(t.h(), d.ino(), n("x"), 0755));
        t.as(0, 0).mkdir(ROOT, "private", 0700);
        long priv = t.lookup(ROOT, "private").ino();
        t.as(1000, 100);
        t.fails(WfsErrorCode.EACCES, new LookupRequest(t.h(), priv, n("anything")));
    }

    @Test
    void aSetGroupIdDirectoryHandsItsGroupDown() {
        InodeAttr shared = t.as(0, 0).mkdir(ROOT, "shared", 0777);
        // As mkdir -m 2777 does: mkdir(2) drops set-group-id (Linux), chmod sets it.
        t.run(new io.wfs.common.msg.meta.SetAttrRequest(t.h(), shared.ino(),
                io.wfs.common.msg.meta.SetAttr.NOTHING.withGid(500).withMode(02777)));
        t.as(1000, 100);
        InodeAttr sub = t.mkdir(shared.ino(), "sub", 0755);
        assertEquals(500, sub.gid());
        assertEquals(02755, sub.mode() & Posix.PERMISSION_BITS, "a subdirectory inherits set-group-id");
        InodeAttr file = t.create(shared.ino(), "file", 02755);
        assertEquals(500, file.gid());
        assertEquals(0755, file.mode() & Posix.PERMISSION_BITS, "a non-member does not get a set-group-id file of that group");
    }

    @Test
    void symlinksKeepTheirTarget() {
        InodeAttr l = t.run(new SymlinkRequest(t.h(), ROOT, n("l"), n("../some/where"))).attr();
        assertEquals(Posix.S_IFLNK | 0777, l.mode());
        assertEquals(13, l.size());
        assertArrayEquals(n("../some/where"), t.run(new ReadlinkRequest(t.h(), l.ino())).target());
        long dir = t.mkdir(ROOT, "d", 0755).ino();
        t.fails(WfsErrorCode.EINVAL, new ReadlinkRequest(t.h(), dir));
        t.fails(WfsErrorCode.EEXIST, new SymlinkRequest(t.h(), ROOT, n("l"), n("x")));
    }

    @Test
    void hardLinksCountAndDirectoriesCannotBeLinked() {
        InodeAttr f = t.create(ROOT, "f", 0644);
        long dir = t.mkdir(ROOT, "d", 0755).ino();
        InodeAttr linked = t.run(new LinkRequest(t.h(), f.ino(), dir, n("g"))).attr();
        assertEquals(2, linked.nlink());
        assertEquals(f.ino(), t.lookup(dir, "g").ino());
        assertNotEquals(f.ctimeNs(), linked.ctimeNs(), "link moves the target's ctime");
        t.fails(WfsErrorCode.EEXIST, new LinkRequest(t.h(), f.ino(), dir, n("g")));
        t.fails(WfsErrorCode.EPERM, new LinkRequest(t.h(), dir, ROOT, n("dirlink")));
        t.fails(WfsErrorCode.ENOENT, new LinkRequest(t.h(), InodeNumbers.of(0, 9999), ROOT, n("ghost")));
    }
}
