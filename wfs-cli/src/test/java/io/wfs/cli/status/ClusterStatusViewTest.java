package io.wfs.cli.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.manager.VolumeFill;
import io.wfs.common.msg.manager.NodeStatus;
import io.wfs.common.route.RouteBook;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.SlotMap;
import io.wfs.common.route.VolumeState;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The status document and its text: groups with slot ranges and leaders, volumes with fill, down nodes, the queue. */
class ClusterStatusViewTest {
    private static ClusterStatusReply reply() {
        RouteBook book = new RouteBook(100);
        int[] owners = new int[SlotMap.SLOTS];
        Arrays.fill(owners, 0, 100, 1);
        Arrays.fill(owners, 100, 4000, 2);
        Arrays.fill(owners, 4000, SlotMap.SLOTS, 1);
        book.commit(List.of(new RouteChange.MetaNode(1, "10.0.0.1:1", "10.0.0.1:2", true),
                new RouteChange.MetaNode(2, "10.0.0.2:1", "10.0.0.2:2", true),
                new RouteChange.Group(1, new int[] {1, 2}, 2), new RouteChange.Group(2, new int[] {2, 1}, 0),
                new RouteChange.Slots(owners),
                new RouteChange.StoreNode(3, "10.0.0.3:7", true), new RouteChange.StoreNode(4, "10.0.0.4:7", false),
                new RouteChange.Volume(7, VolumeState.WRITABLE, new int[] {3}),
                new RouteChange.Volume(8, VolumeState.DEGRADED, new int[] {4})));
        List<NodeStatus> nodes = List.of(new NodeStatus(1, "meta", "10.0.0.1:2", true, 0, 0, 0, 120),
                new NodeStatus(2, "meta", "10.0.0.2:2", true, 0, 0, 0, 80),
                new NodeStatus(3, "store", "10.0.0.3:7", true, 2, 1L << 40, 1L << 39, 300),
                new NodeStatus(4, "store", "10.0.0.4:7", false, 2, 1L << 40, 0, -1));
        return new ClusterStatusReply(book.version(), "10.0.0.9:1", List.of("10.0.0.9:1"), book.full(), nodes,
                new VolumeFill(new int[] {7, 8}, new long[] {1L << 30, 4L << 30}, new long[] {5L << 20, 0},
                        new long[] {7L << 20, 0}), 4L << 30, new long[] {8L << 32 | 4});
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDocumentHoldsEveryNodeGroupAndVolume() {
        Map<String, Object> doc = ClusterStatusView.of(reply());
        assertEquals(1L, doc.get("routeVersion"));
        assertEquals(4, ((List<?>) doc.get("nodes")).size());
        List<Map<String, Object>> groups = (List<Map<String, Object>>) doc.get("groups");
        assertEquals(List.of("0-99", "4000-4095"), groups.get(0).get("slots"));
        assertEquals(196, groups.get(0).get("slotCount"));
        assertEquals(2, groups.get(0).get("leader"));
        assertEquals(null, groups.get(1).get("leader"), "no leader known");
        assertEquals(List.of("100-3999"), groups.get(1).get("slots"));
        List<Map<String, Object>> volumes = (List<Map<String, Object>>) doc.get("volumes");
        assertEquals(25.0, volumes.get(0).get("fillPercent"));
        assertEquals(5L << 20, volumes.get(0).get("deletedUnreclaimedBytes"));
        assertEquals(7L << 20, volumes.get(0).get("reclaimedBytes"));
        assertEquals("DEGRADED", volumes.get(1).get("state"));
        assertEquals(100.0, volumes.get(1).get("fillPercent"));
        assertEquals(List.of(Map.of("volume", 8, "lostNode", 4, "usedBytes", 4L << 30)), doc.get("replicationQueue"));
        assertEquals(4L << 30, doc.get("replicationBytesLeft"));
    }

    @Test
    void theTextShowsDownNodesUnknownLeadersAndFill() {
        StringWriter out = new StringWriter();
        StatusText.print(ClusterStatusView.of(reply()), new PrintWriter(out));
        String text = out.toString();
        assertTrue(text.contains("route version 1, manager leader 10.0.0.9:1"), text);
        assertTrue(text.lines().anyMatch(l -> l.contains("10.0.0.4:7") && l.contains("DOWN") && l.contains("never")), text);
        assertTrue(text.lines().anyMatch(l -> l.contains("10.0.0.3:7") && l.contains("1.0 TiB") && l.contains("512.0 GiB")), text);
        assertTrue(text.lines().anyMatch(l -> l.trim().startsWith("2 ") && l.contains(" ? ") && l.contains("100-3999")), text);
        assertTrue(text.lines().anyMatch(l -> l.trim().startsWith("7 ") && l.contains("WRITABLE") && l.contains("25.0%")
                && l.contains("5.0 MiB") && l.contains("7.0 MiB")), text);
        assertTrue(text.contains("re-replication queue (1, 4.0 GiB to copy)"), text);
        assertTrue(text.contains("volume 8: its replica on node 4 to be replaced (4.0 GiB)"), text);
    }
}
