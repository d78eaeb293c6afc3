package io.wfs.common.msg.meta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SetAttrTest {
    @Test
    void withersSelectWhatTheyChangeAndTheRequestCarriesIt() {
        SetAttr change = SetAttr.NOTHING.withUid(5).withGid(7).withSize(4096).withMtimeNow();
        assertEquals(SetAttrRequest.UID | SetAttrRequest.GID | SetAttrRequest.SIZE | SetAttrRequest.MTIME_NOW,
                change.valid());
        assertTrue(change.changesSize());
        assertTrue(SetAttr.NOTHING.isEmpty());
        assertFalse(SetAttr.NOTHING.withAtime(1).changesSize());

        SetAttrRequest r = new SetAttrRequest(MetaHeader.root(), 9, change.withMode(0640).withAtime(11));
        assertEquals(change.valid() | SetAttrRequest.MODE | SetAttrRequest.ATIME, r.valid());
        assertEquals(0640, r.mode());
        assertEquals(5, r.uid());
        assertEquals(7, r.gid());
        assertEquals(4096, r.size());
        assertEquals(11, r.atimeNs());
    }
}
