package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Response;
import java.util.List;

/**
 * The cluster as the manager leader sees it: the full route (groups, leaders, slots, volumes
 * and their states), node liveness and capacity, volume fill (used of {@code volumeSizeBytes},
 * deleted bytes not yet and already reclaimed) and the re-replication queue
 * ({@code volumeId << 32 | deadNodeId}).
 */
public final class ClusterStatusReply implements Response {
    private long routeVersion;
    private String leader;
    private List<String> managers;
    private byte[] route;
    private List<NodeStatus> nodes;
    private VolumeFill volumes;
    private long volumeSizeBytes;
    private long[] replicationQueue;

    public ClusterStatusReply() {
    }

    public ClusterStatusReply(long routeVersion, String leader, List<String> managers, byte[] route, List<NodeStatus> nodes,
                              VolumeFill volumes, long volumeSizeBytes, long[] replicationQueue) {
        this.routeVersion = routeVersion;
        this.leader = leader;
        this.managers = managers;
        this.route = route;
        this.nodes = nodes;
        this.volumes = volumes;
        this.volumeSizeBytes = volumeSizeBytes;
        this.replicationQueue = replicationQueue;
    }

    public long routeVersion() {
        return routeVersion;
    }

    public String leader() {
        return leader;
    }

    public List<String> managers() {
        return managers == null ? List.of() : managers;
    }

    public byte[] route() {
        return route;
    }

    public List<NodeStatus> nodes() {
        return nodes == null ? List.of() : nodes;
    }

    public VolumeFill volumes() {
        return volumes == null ? new VolumeFill() : volumes;
    }

    public long volumeSizeBytes() {
        return volumeSizeBytes;
    }

    public long[] replicationQueue() {
        return replicationQueue == null ? new long[0] : replicationQueue;
    }
}
