package io.wfs.common.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SlotMapTest {
    private static SlotMap parse(String text) throws Exception {
        Properties p = new Properties();
        p.load(new StringReader(text));
        return SlotMap.parse(p);
    }

    @Test
    void parsesGroupsPeersAndSlotRangesAndFormatsBack() throws Exception {
        SlotMap m = parse("""
                version = 3
                groups = a,b
                group.a.peers = 127.0.0.1:7001=127.0.0.1:8001, 127.0.0.1:7002=127.0.0.1:8002
                group.a.slots = 0-99,200
                group.b.peers = 127.0.0.1:7003=127.0.0.1:8003
                group.b.slots = 100-199,201-4095
                """);
        assertEquals(3, m.version());
        assertEquals("a", m.groupOfSlot(200).id());
        assertEquals("b", m.groupOfIno((150L << 52) | 7).id());
        assertEquals("127.0.0.1:8002", m.group("a").peerByRaftAddress("127.0.0.1:7002").clientAddress());
        SlotMap again = parse(m.format());
        for (int s = 0; s < SlotMap.SLOTS; s++) {
            assertEquals(m.groupOfSlot(s).id(), again.groupOfSlot(s).id());
        }
    }

    @Test
    void everySlotBelongsToExactlyOneGroup() {
        assertThrows(IllegalArgumentException.class, () -> parse("""
                version = 1
                groups = a,b
                group.a.peers = h:1=h:2
                group.a.slots = 0-4095
                group.b.peers = h:3=h:4
                group.b.slots = 7
                """));
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> parse("""
                version = 1
                groups = a
                group.a.peers = h:1=h:2
                group.a.slots = 0-4094
                """));
        assertTrue(missing.getMessage().contains("4095"));
        assertThrows(IllegalArgumentException.class, () -> parse("version = 1\ngroups = a\ngroup.a.slots = 0-4095\n"));
        assertThrows(IllegalArgumentException.class, () -> SlotMap.singleGroup("g",
                List.of(new SlotMap.Peer("h:1", "h:2"), new SlotMap.Peer("h:1", "h:3"))));
    }
}
