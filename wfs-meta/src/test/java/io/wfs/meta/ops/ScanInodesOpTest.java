package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.ScanInodesReply;
import io.wfs.common.msg.meta.ScanInodesRequest;
import io.wfs.meta.namespace.InodeNumbers;
import org.junit.jupiter.api.Test;

class ScanInodesOpTest {
    private final MetaTester t = new MetaTester();

    @Test
    void theRootsSlotListsTheRootWithItsEntriesAndTheLeadersClock() {
        long dir = t.mkdir(ROOT, "d", 0755).ino();
        int slot = InodeNumbers.slotOf(ROOT);
        ScanInodesReply page = t.run(new ScanInodesRequest(t.h(), slot, 0, 0, 4096, 16384));
        assertTrue(page.inos().length >= 1);
        assertEquals(ROOT, page.inos()[0]);
        assertEquals(3, page.nlinks()[0], "root with one subdirectory");
        assertArrayEquals(new long[] {ROOT}, page.entryDirs());
        assertArrayEquals(new long[] {dir}, page.entryInos());
        assertEquals(0, page.states()[0]);
        assertEquals(0, page.intentTimesNs()[0]);
        assertEquals(t.now(), page.leaderTimeNs());
    }

    @Test
    void onlyRootMayScan() {
        MetaTester user = t.as(1000, 1000);
        user.fails(WfsErrorCode.EPERM, new ScanInodesRequest(user.h(), 0, 0, 0, 10, 10));
    }

    @Test
    void badPageLimitsAreRefusedWithTheirName() {
        MetaHeader h = MetaHeader.root();
        for (ScanInodesRequest bad : new ScanInodesRequest[] {
                new ScanInodesRequest(h, 0, 0, 0, 0, 10), new ScanInodesRequest(h, 0, 0, 0, 4097, 10),
                new ScanInodesRequest(h, 0, 0, 0, 10, 0), new ScanInodesRequest(h, 0, 0, 0, 10, 16385),
                new ScanInodesRequest(h, 0, -1, 0, 10, 10), new ScanInodesRequest(h, 0, 0, -1, 10, 10),
                new ScanInodesRequest(h, 4096, 0, 0, 10, 10)}) {
            WfsException e = assertThrows(WfsException.class, bad::validate);
            assertEquals(WfsErrorCode.BAD_REQUEST, e.code());
        }
        WfsException e = assertThrows(WfsException.class, new ScanInodesRequest(h, 0, 0, 0, 5000, 10)::validate);
        assertTrue(e.getMessage().contains("maxInodes"), e.getMessage());
    }
}
