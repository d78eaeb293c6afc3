package io.wfs.common.msg.manager;

/**
 * Liveness and capacity of one node, as the manager leader sees it ({@code kind}: "store" or "meta").
 *
 * <p>(disks, capacityBytes, freeBytes) repeat {@link RegisterStoreNodeRequest}'s on purpose: they are
 * fields 5-7 here and 2-4 there, and a shared nested holder would change both wire forms
 * (WireSchemaCompatibilityTest, wire-schema.txt).
 */
public final class NodeStatus {
    private int nodeId;
    private String kind;
    private String address;
    private boolean up;
    private int disks;
    private long capacityBytes;
    private long freeBytes;
    private long heartbeatAgeMillis;

    public NodeStatus() {
    }

    public NodeStatus(int nodeId, String kind, String address, boolean up, int disks, long capacityBytes,
                      long freeBytes, long heartbeatAgeMillis) {
        this.nodeId = nodeId;
        this.kind = kind;
        this.address = address;
        this.up = up;
        this.disks = disks;
        this.capacityBytes = capacityBytes;
        this.freeBytes = freeBytes;
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

    public int disks() {
        return disks;
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    public long freeBytes() {
        return freeBytes;
    }

    /** Milliseconds since the last heartbeat the leader received (-1: none since it became leader). */
    public long heartbeatAgeMillis() {
        return heartbeatAgeMillis;
    }
}
