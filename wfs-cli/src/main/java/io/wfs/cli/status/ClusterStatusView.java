package io.wfs.cli.status;

import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.manager.VolumeFill;
import io.wfs.common.msg.manager.NodeStatus;
import io.wfs.common.route.RouteBook;
import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.RouteUpdate;
import io.wfs.common.route.SlotMap;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The manager leader's status reply as one document (maps and lists, so Jackson prints it as
 * JSON and {@link StatusText} as tables): managers, nodes, groups with leaders and slot ranges,
 * volumes with state and fill, the re-replication queue and the route version.
 */
public final class ClusterStatusView {
    private ClusterStatusView() {
    }

    public static Map<String, Object> of(ClusterStatusReply reply) {
        RouteBook book = new RouteBook(1);
        book.apply(RouteUpdate.decode(reply.route()));
        RouteModel model = book.model();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("routeVersion", reply.routeVersion());
        doc.put("leader", reply.leader());
        doc.put("managers", reply.managers());
        doc.put("nodes", nodes(reply.nodes()));
        doc.put("groups", groups(model));
        doc.put("volumeSizeBytes", reply.volumeSizeBytes());
        List<Map<String, Object>> volumes = volumes(model, reply);
        doc.put("volumes", volumes);
        Int2LongOpenHashMap usedById = new Int2LongOpenHashMap();
        volumes.forEach(v -> usedById.put((int) v.get("id"), (long) v.get("usedBytes")));
        List<Map<String, Object>> queue = new ArrayList<>();
        long bytesLeft = 0;
        for (long entry : reply.replicationQueue()) {
            Map<String, Object> q = new LinkedHashMap<>();
            int volume = (int) (entry >>> 32);
            q.put("volume", volume);
            q.put("lostNode", (int) entry);
            q.put("usedBytes", usedById.get(volume));
            bytesLeft += (int) entry == 0 ? 0 : usedById.get(volume);
            queue.add(q);
        }
        doc.put("replicationQueue", queue);
        // What re-replication (and drains) still have to copy: a write failure on live stores (node 0) copies nothing.
        doc.put("replicationBytesLeft", bytesLeft);
        return doc;
    }

    private static List<Map<String, Object>> nodes(List<NodeStatus> nodes) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (NodeStatus n : nodes) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", n.nodeId());
            m.put("kind", n.kind());
            m.put("address", n.address());
            m.put("up", n.up());
            if ("store".equals(n.kind())) {
                m.put("disks", n.disks());
                m.put("capacityBytes", n.capacityBytes());
                m.put("freeBytes", n.freeBytes());
            }
            m.put("heartbeatAgeMillis", n.heartbeatAgeMillis());
            list.add(m);
        }
        return list;
    }

    private static List<Map<String, Object>> groups(RouteModel model) {
        int[] owners = model.slotOwners();
        List<Map<String, Object>> list = new ArrayList<>();
        for (RouteChange.Group g : model.groups()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", g.id());
            List<String> peers = new ArrayList<>();
            for (int p : g.peers()) {
                RouteChange.MetaNode node = model.metaNode(p);
                peers.add(p + "@" + (node == null ? "?" : node.clientAddress()));
            }
            m.put("peers", peers);
            m.put("leader", g.leader() == 0 ? null : g.leader());
            int count = 0;
            for (int owner : owners) {
                count += owner == g.id() ? 1 : 0;
            }
            m.put("slotCount", count);
            m.put("slots", ranges(owners, g.id()));
            list.add(m);
        }
        return list;
    }

    /** The slots of {@code group} as "a-b" ranges: 4096 numbers would drown the table. */
    static List<String> ranges(int[] owners, int group) {
        List<String> ranges = new ArrayList<>();
        int s = 0;
        while (s < SlotMap.SLOTS) {
            if (owners[s] != group) {
                s++;
                continue;
            }
            int e = s;
            while (e + 1 < SlotMap.SLOTS && owners[e + 1] == group) {
                e++;
            }
            ranges.add(s == e ? Integer.toString(s) : s + "-" + e);
            s = e + 1;
        }
        return ranges;
    }

    private static List<Map<String, Object>> volumes(RouteModel model, ClusterStatusReply reply) {
        Int2LongOpenHashMap used = new Int2LongOpenHashMap();
        Int2LongOpenHashMap unreclaimed = new Int2LongOpenHashMap();
        Int2LongOpenHashMap reclaimed = new Int2LongOpenHashMap();
        VolumeFill fill = reply.volumes();
        int[] ids = fill.volumeIds();
        for (int i = 0; i < ids.length; i++) {
            used.put(ids[i], fill.used(i));
            unreclaimed.put(ids[i], fill.unreclaimed(i));
            reclaimed.put(ids[i], fill.reclaimed(i));
        }
        List<Map<String, Object>> list = new ArrayList<>();
        for (RouteChange.Volume v : model.volumes()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", v.id());
            m.put("state", v.state().name());
            List<Integer> replicas = new ArrayList<>();
            for (int r : v.replicas()) {
                replicas.add(r);
            }
            m.put("replicas", replicas);
            m.put("usedBytes", used.get(v.id()));
            m.put("deletedUnreclaimedBytes", unreclaimed.get(v.id()));
            m.put("reclaimedBytes", reclaimed.get(v.id()));
            m.put("fillPercent", reply.volumeSizeBytes() <= 0 ? 0.0
                    : Math.round(1000.0 * used.get(v.id()) / reply.volumeSizeBytes()) / 10.0);
            list.add(m);
        }
        return list;
    }
}
