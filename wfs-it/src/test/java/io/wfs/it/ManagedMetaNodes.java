package io.wfs.it;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link MiniCluster}'s meta nodes seen from outside: starting meta processes that take their
 * groups from the managers, and reading a group's state from the nodes' /status documents.
 */
final class ManagedMetaNodes {
    private ManagedMetaNodes() {
    }

    /**
     * Starts {@code shape.metaNodes} meta processes taking their topology from {@code managerList},
     * added to {@code metaNodes} as they are configured (so the cluster stops them whatever
     * happens); in parallel, because each is ready only once all have registered and the managers
     * placed the groups.
     */
    static void startProcesses(Path dir, Path secretFile, String managerList, MiniClusterBuilder shape,
                               List<MetaNode> metaNodes, HostPlan hosts) throws Exception {
        List<CompletableFuture<Void>> starting = new ArrayList<>();
        for (int i = 0; i < shape.metaNodes; i++) {
            int[] ports = {MiniCluster.freePort(), MiniCluster.freePort(), MiniCluster.freePort()};
            NodeHost host = hosts.host("meta" + i);
            Path config = NodeConfigFiles.metaFromManager(dir, i, host, secretFile, managerList, ports, shape.metaSettings);
            ProcessMetaNode m = new ProcessMetaNode(host, config, dir.resolve("meta" + i + ".log"), ports[2]);
            metaNodes.add(m);
            starting.add(CompletableFuture.runAsync(() -> {
                try {
                    m.start();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (CompletableFuture<Void> f : starting) {
            f.get(120, TimeUnit.SECONDS);
        }
    }

    /** The running node that leads {@code group}, or null (none right now). */
    static MetaNode leaderOf(List<MetaNode> nodes, String group) {
        for (MetaNode n : nodes) {
            Map<String, Object> g = groupStatus(n, group);
            if (g != null && Boolean.TRUE.equals(g.get("leader"))) {
                return n;
            }
        }
        return null;
    }

    /** The /status entry of {@code group} on node {@code n}, or null if the node is down or does not host it. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> groupStatus(MetaNode n, String group) {
        if (!n.isRunning()) {
            return null;
        }
        try {
            for (Map<String, Object> g : (List<Map<String, Object>>) n.status().get("groups")) {
                if (group.equals(g.get("group"))) {
                    return g;
                }
            }
        } catch (Exception e) {
            return null;
        }
        return null;
    }

    /** The state digests of {@code group}'s running replicas if all report the same applied index, else null. */
    static List<String> digestsIfConverged(List<MetaNode> metaNodes, String group) {
        List<String> digests = new ArrayList<>();
        long index = -1;
        boolean same = true;
        for (int i = 0; i < metaNodes.size(); i++) {
            if (!metaNodes.get(i).isRunning()) {
                continue;
            }
            Map<String, Object> g = groupStatus(metaNodes.get(i), group);
            if (g == null) {
                same = false;
                continue;
            }
            long applied = ((Number) g.get("appliedIndex")).longValue();
            same &= index < 0 || applied == index;
            index = applied;
            digests.add((String) g.get("digest"));
        }
        return same && !digests.isEmpty() ? digests : null;
    }
}
