package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.RenameRequest;
import org.junit.jupiter.api.Test;

class RenameOpTest {
    private final MetaTester t = new MetaTester();

    private void rename(long from, String a, long to, String b, int flags) {
        t.run(new RenameRequest(t.h(), from, n(a), to, n(b), flags));
    }

    @Test
    void aFileMovesAndReplacesAnotherFile() {
        long d = t.mkdir(ROOT, "d", 0755).ino();
        long f = t.create(ROOT, "f", 0644).ino();
        long g = t.create(d, "g", 0644).ino();
        rename(ROOT, "f", d, "g", 0);
        assertEquals(f, t.lookup(d, "g").ino());
        t.fails(WfsErrorCode.ENOENT, new LookupRequest(t.h(), ROOT, n("f")));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(g));
        assertEquals(d, t.stat(f).parent());
    }

    @Test
    void directoriesMoveWithTheirLinkCounts() {
        long a = t.mkdir(ROOT, "a", 0755).ino();
        long b = t.mkdir(ROOT, "b", 0755).ino();
        long sub = t.mkdir(a, "sub", 0755).ino();
        rename(a, "sub", b, "sub2", 0);
        assertEquals(2, t.stat(a).nlink());
        assertEquals(3, t.stat(b).nlink());
        assertEquals(b, t.stat(sub).parent());
        long empty = t.mkdir(ROOT, "empty", 0755).ino();
        rename(b, "sub2", ROOT, "empty", 0);
        assertEquals(sub, t.lookup(ROOT, "empty").ino());
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(empty));
        assertEquals(2, t.stat(b).nlink());
    }

    @Test
    void posixReplacementRulesAreEnforced() {
        long d = t.mkdir(ROOT, "d", 0755).ino();
        t.create(d, "x", 0644);
        t.mkdir(ROOT, "e", 0755);
        t.create(ROOT, "f", 0644);
        t.fails(WfsErrorCode.ENOTDIR, new RenameRequest(t.h(), ROOT, n("e"), ROOT, n("f"), 0));
        t.fails(WfsErrorCode.EISDIR, new RenameRequest(t.h(), ROOT, n("f"), ROOT, n("e"), 0));
        t.fails(WfsErrorCode.ENOTEMPTY, new RenameRequest(t.h(), ROOT, n("e"), ROOT, n("d"), 0));
        t.fails(WfsErrorCode.ENOENT, new RenameRequest(t.h(), ROOT, n("missing"), ROOT, n("z"), 0));
    }

    @Test
    void aDirectoryCannotMoveIntoItsOwnSubtree() {
        long a = t.mkdir(ROOT, "a", 0755).ino();
        long b = t.mkdir(a, "b", 0755).ino();
        t.mkdir(b, "c", 0755);
        t.fails(WfsErrorCode.EINVAL, new RenameRequest(t.h(), ROOT, n("a"), b, n("a"), 0));
        t.fails(WfsErrorCode.EINVAL, new RenameRequest(t.h(), ROOT, n("a"), a, n("self"), 0));
    }

    @Test
    void noreplaceAndExchange() {
        long d = t.mkdir(ROOT, "d", 0755).ino();
        long f = t.create(ROOT, "f", 0644).ino();
        long g = t.create(d, "g", 0644).ino();
        t.fails(WfsErrorCode.EEXIST, new RenameRequest(t.h(), ROOT, n("f"), d, n("g"), RenameRequest.NOREPLACE));
        rename(ROOT, "f", d, "g", RenameRequest.EXCHANGE);
        assertEquals(g, t.lookup(ROOT, "f").ino());
        assertEquals(f, t.lookup(d, "g").ino());
        t.fails(WfsErrorCode.ENOENT, new RenameRequest(t.h(), ROOT, n("f"), d, n("nothing"), RenameRequest.EXCHANGE));
        long e = t.mkdir(ROOT, "e", 0755).ino();
        int rootLinks = t.stat(ROOT).nlink();
        rename(ROOT, "e", d, "g", RenameRequest.EXCHANGE);
        assertEquals(rootLinks - 1, t.stat(ROOT).nlink(), "the directory left root");
        assertEquals(3, t.stat(d).nlink(), "and joined d");
        assertEquals(d, t.stat(e).parent());
    }

    @Test
    void renamingOntoItselfOrAHardLinkOfItselfChangesNothing() {
        long f = t.create(ROOT, "f", 0644).ino();
        rename(ROOT, "f", ROOT, "f", 0);
        t.run(new io.wfs.common.msg.meta.LinkRequest(t.h(), f, ROOT, n("g")));
        rename(ROOT, "f", ROOT, "g", 0);
        assertEquals(f, t.lookup(ROOT, "f").ino());
        assertEquals(2, t.stat(f).nlink());
    }

    @Test
    void stickyDirectoriesAndPermissionsApplyToBothEnds() {
        long tmp = t.as(0, 0).mkdir(ROOT, "tmp", 01777).ino();
        t.as(1000, 100).create(tmp, "mine", 0644);
        t.as(1001, 100);
        t.fails(WfsErrorCode.EPERM, new RenameRequest(t.h(), tmp, n("mine"), tmp, n("stolen"), 0));
        long ro = t.as(0, 0).mkdir(ROOT, "ro", 0755).ino();
        t.as(1000, 100);
        t.fails(WfsErrorCode.EACCES, new RenameRequest(t.h(), tmp, n("mine"), ro, n("x"), 0));
    }
}
