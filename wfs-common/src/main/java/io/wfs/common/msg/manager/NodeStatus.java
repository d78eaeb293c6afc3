package io.wfs.common.msg.manager;

/**
 * Liveness and capacity of one node, as the manager leader sees it ({@code kind}: "store" or "meta").
 */
public final class NodeStatus extends NodeCapacity {
    private int nodeId;
    private String kind;
    private String address;
    private boolean up;
    private long heartbeatAgeMillis;

    public NodeStatus() {
    }

    public NodeStatus(int nodeId, String kind, String address, boolean up, int disks, long capacityBytes,
                      long freeBytes, long heartbeatAgeMillis) {
        super(disks, capacityBytes, freeBytes);
        this.nodeId = nodeId;
        this.kind = kind;
        this.address = address;
        this.up = up;
        this.heartbeatAgeMillis = heartbeatAgeMillis;
    }

    public int nodeId() {
        return nodeId;
    }

    public String kind() {
        return kind;
    }

    public String address() {
        return address;
    }

    public boolean up() {
        return up;
    }

    /** Milliseconds since the last heartbeat the leader received (-1: none since it became leader). */
    public long heartbeatAgeMillis() {
        return heartbeatAgeMillis;
    }
}
