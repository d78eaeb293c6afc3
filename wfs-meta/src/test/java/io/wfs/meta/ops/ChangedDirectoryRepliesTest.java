package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.posix.Posix;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Changes of a directory's entries answer with the directory after them, as stat would show it (ClientNamespace caches it). */
class ChangedDirectoryRepliesTest {
    private final MetaTester t = new MetaTester();

    private void assertShowsDirectoryNow(long dir, InodeAttr answered) {
        assertNotNull(answered, "the reply carries the directory");
        InodeAttr now = t.stat(dir);
        assertEquals(now.ino(), answered.ino());
        assertEquals(now.nlink(), answered.nlink());
        assertEquals(now.mtimeNs(), answered.mtimeNs());
        assertEquals(now.ctimeNs(), answered.ctimeNs());
        assertEquals(now.mode(), answered.mode());
    }

    @Test
    void everyChangeOfEntriesInOneGroupAnswersWithTheParentAfterIt() {
        long d = t.mkdir(ROOT, "d", 0755).ino();
        assertShowsDirectoryNow(d, t.run(new MkdirRequest(t.h(), d, n("sub"), 0755)).dir());
        assertEquals(3, t.stat(d).nlink(), "the subdirectory's link");
        long f = t.run(new MknodRequest(t.h(), d, n("f"), Posix.S_IFREG | 0644, 0)).attr().ino();
        assertShowsDirectoryNow(d, t.run(new MknodRequest(t.h(), d, n("g"), Posix.S_IFREG | 0644, 0)).dir());
        assertShowsDirectoryNow(d, t.run(new SymlinkRequest(t.h(), d, n("s"), "f".getBytes(StandardCharsets.UTF_8))).dir());
        assertShowsDirectoryNow(d, t.run(new LinkRequest(t.h(), f, d, n("f2"))).dir());
        assertShowsDirectoryNow(d, t.run(new UnlinkRequest(t.h(), d, n("f2"))).dir());
        assertShowsDirectoryNow(d, t.run(new RmdirRequest(t.h(), d, n("sub"))).dir());
        assertEquals(2, t.stat(d).nlink());
    }

    @Test
    void otherSuccessesCarryNoDirectory() {
        long f = t.create(ROOT, "x", 0644).ino();
        assertNull(t.run(new SetXattrRequest(t.h(), f, n("user.a"), new byte[] {1}, 0)).dir());
    }
}
