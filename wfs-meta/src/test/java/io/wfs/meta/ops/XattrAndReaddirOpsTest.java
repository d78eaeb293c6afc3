package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.GetXattrRequest;
import io.wfs.common.msg.meta.ListXattrRequest;
import io.wfs.common.msg.meta.ReaddirReply;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.RemoveXattrRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.msg.meta.StatFsRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.posix.Posix;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class XattrAndReaddirOpsTest {
    private final MetaTester t = new MetaTester();

    @Test
    void xattrsHonourCreateAndReplaceFlags() {
        long f = t.create(ROOT, "f", 0644).ino();
        t.run(new SetXattrRequest(t.h(), f, n("user.a"), n("1"), SetXattrRequest.CREATE));
        t.fails(WfsErrorCode.EEXIST, new SetXattrRequest(t.h(), f, n("user.a"), n("2"), SetXattrRequest.CREATE));
        t.fails(WfsErrorCode.ENODATA, new SetXattrRequest(t.h(), f, n("user.b"), n("2"), SetXattrRequest.REPLACE));
        t.run(new SetXattrRequest(t.h(), f, n("user.a"), n("22"), SetXattrRequest.REPLACE));
        t.run(new SetXattrRequest(t.h(), f, n("user.b"), new byte[0], 0));
        assertArrayEquals(n("22"), t.run(new GetXattrRequest(t.h(), f, n("user.a"))).value());
        assertArrayEquals(new byte[0], t.run(new GetXattrRequest(t.h(), f, n("user.b"))).value());
        String names = new String(t.run(new ListXattrRequest(t.h(), f)).names(), StandardCharsets.UTF_8);
        assertTrue(names.contains("user.a\0") && names.contains("user.b\0"), names);
        t.run(new RemoveXattrRequest(t.h(), f, n("user.a")));
        t.fails(WfsErrorCode.ENODATA, new GetXattrRequest(t.h(), f, n("user.a")));
        t.fails(WfsErrorCode.ENODATA, new RemoveXattrRequest(t.h(), f, n("user.a")));
    }

    @Test
    void xattrPermissions() {
        long f = t.as(1000, 100).create(ROOT, "f", 0640).ino();
        t.run(new SetXattrRequest(t.h(), f, n("user.x"), n("v"), 0));
        t.as(1001, 100);
        assertArrayEquals(n("v"), t.run(new GetXattrRequest(t.h(), f, n("user.x"))).value(), "group may read");
        t.fails(WfsErrorCode.EACCES, new SetXattrRequest(t.h(), f, n("user.x"), n("w"), 0));
        t.as(1002, 999);
        t.fails(WfsErrorCode.EACCES, new GetXattrRequest(t.h(), f, n("user.x")));
        t.as(1000, 100);
        t.fails(WfsErrorCode.EPERM, new SetXattrRequest(t.h(), f, n("trusted.x"), n("v"), 0));
        long fifo = t.run(new io.wfs.common.msg.meta.MknodRequest(t.h(), ROOT, n("p"), Posix.S_IFIFO | 0666, 0)).attr().ino();
        t.fails(WfsErrorCode.EPERM, new SetXattrRequest(t.h(), fifo, n("user.x"), n("v"), 0));
    }

    @Test
    void readdirPagesWithAttributesAndStableCookies() {
        long d = t.mkdir(ROOT, "d", 0755).ino();
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < 250; i++) {
            expected.put("f" + i, t.create(d, "f" + i, 0644).ino());
        }
        Map<String, Long> seen = new HashMap<>();
        long cookie = 0;
        int pages = 0;
        boolean removedOne = false;
        while (true) {
            ReaddirReply page = t.run(new ReaddirRequest(t.h(), d, cookie, 64, true));
            pages++;
            for (DirEntry e : page.entries()) {
                String name = new String(e.name(), StandardCharsets.UTF_8);
                assertNull(seen.put(name, e.ino()), "returned twice: " + name);
                assertNotNull(e.attr());
                assertEquals(e.ino(), e.attr().ino());
                assertEquals(Posix.S_IFREG | 0644, e.attr().mode());
            }
            if (!removedOne) {
                // The directory changes between pages: a new name, and one already listed goes away.
                t.create(d, "late", 0644);
                t.run(new UnlinkRequest(t.h(), d, page.entries().get(0).name()));
                expected.remove(new String(page.entries().get(0).name(), StandardCharsets.UTF_8));
                removedOne = true;
            }
            if (page.eof()) {
                break;
            }
            cookie = page.nextCookie();
        }
        assertTrue(pages >= 4);
        for (Map.Entry<String, Long> e : expected.entrySet()) {
            assertEquals(e.getValue(), seen.get(e.getKey()), "present throughout, so listed: " + e.getKey());
        }
        ReaddirReply plain = t.run(new ReaddirRequest(t.h(), d, 0, 10, false));
        assertNull(plain.entries().get(0).attr());
        assertFalse(plain.eof());
        t.as(1000, 100);
        long closed = t.as(0, 0).mkdir(ROOT, "closed", 0700).ino();
        t.as(1000, 100);
        t.fails(WfsErrorCode.EACCES, new ReaddirRequest(t.h(), closed, 0, 10, false));
    }

    @Test
    void statfsCountsInodesAndBytes() {
        long before = t.run(new StatFsRequest(t.h(), 0)).usedInodes();
        t.create(ROOT, "a", 0644);
        t.mkdir(ROOT, "b", 0755);
        assertEquals(before + 2, t.run(new StatFsRequest(t.h(), 0)).usedInodes());
    }
}
