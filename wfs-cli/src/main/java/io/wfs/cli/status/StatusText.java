package io.wfs.cli.status;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Prints a {@link ClusterStatusView} document as the human-readable {@code wfs status}. */
public final class StatusText {
    private StatusText() {
    }

    @SuppressWarnings("unchecked")
    public static void print(Map<String, Object> doc, PrintWriter out) {
        out.printf("route version %s, manager leader %s, managers %s%n", doc.get("routeVersion"), doc.get("leader"),
                doc.get("managers"));
        List<Map<String, Object>> nodes = (List<Map<String, Object>>) doc.get("nodes");
        out.printf("%nnodes (%d)%n", nodes.size());
        out.printf("  %-6s %-6s %-24s %-5s %12s %12s %10s%n", "id", "kind", "address", "state", "capacity", "free",
                "heartbeat");
        for (Map<String, Object> n : nodes) {
            boolean store = "store".equals(n.get("kind"));
            out.printf("  %-6s %-6s %-24s %-5s %12s %12s %10s%n", n.get("id"), n.get("kind"), n.get("address"),
                    Boolean.TRUE.equals(n.get("up")) ? "up" : "DOWN",
                    store ? bytes((Long) n.get("capacityBytes")) : "-", store ? bytes((Long) n.get("freeBytes")) : "-",
                    age((Long) n.get("heartbeatAgeMillis")));
        }
        List<Map<String, Object>> groups = (List<Map<String, Object>>) doc.get("groups");
        out.printf("%ngroups (%d)%n", groups.size());
        out.printf("  %-6s %-7s %-6s %-40s %s%n", "id", "leader", "slots", "peers", "slot ranges");
        for (Map<String, Object> g : groups) {
            Object leader = g.get("leader");
            out.printf("  %-6s %-7s %-6s %-40s %s%n", g.get("id"), leader == null ? "?" : leader, g.get("slotCount"),
                    String.join(",", (List<String>) g.get("peers")), abbreviate((List<String>) g.get("slots")));
        }
        List<Map<String, Object>> volumes = (List<Map<String, Object>>) doc.get("volumes");
        out.printf("%nvolumes (%d, %s each)%n", volumes.size(), bytes((Long) doc.get("volumeSizeBytes")));
        out.printf("  %-8s %-9s %-20s %12s %6s %14s %12s%n", "id", "state", "replicas", "used", "fill",
                "deleted-on-disk", "reclaimed");
        for (Map<String, Object> v : volumes) {
            out.printf("  %-8s %-9s %-20s %12s %5.1f%% %14s %12s%n", v.get("id"), v.get("state"), v.get("replicas"),
                    bytes((Long) v.get("usedBytes")), (Double) v.get("fillPercent"),
                    bytes((Long) v.get("deletedUnreclaimedBytes")), bytes((Long) v.get("reclaimedBytes")));
        }
        List<Map<String, Object>> queue = (List<Map<String, Object>>) doc.get("replicationQueue");
        out.printf("%nre-replication queue (%d, %s to copy)%n", queue.size(), bytes((Long) doc.get("replicationBytesLeft")));
        for (Map<String, Object> q : queue) {
            out.printf("  volume %s: its replica on node %s to be replaced (%s)%n", q.get("volume"), q.get("lostNode"),
                    bytes((Long) q.get("usedBytes")));
        }
        out.flush();
    }

    private static String abbreviate(List<String> ranges) {
        return ranges.size() <= 6 ? String.join(",", ranges)
                : String.join(",", ranges.subList(0, 6)) + ",… (" + ranges.size() + " ranges)";
    }

    private static String age(long millis) {
        return millis < 0 ? "never" : String.format(Locale.ROOT, "%.1fs", millis / 1000.0);
    }

    static String bytes(long b) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = b;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? b + " B" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
