package io.wfs.common.msg.manager;

/**
 * A node's disks and space: what a store announces when it registers
 * ({@link RegisterStoreNodeRequest}) and what the manager shows of every node ({@link NodeStatus};
 * zero for a node without data disks). Declared here once, numbered 1-3 in both messages.
 */
public abstract class NodeCapacity {
    private int disks;
    private long capacityBytes;
    private long freeBytes;

    protected NodeCapacity() {
    }

    protected NodeCapacity(int disks, long capacityBytes, long freeBytes) {
        this.disks = disks;
        this.capacityBytes = capacityBytes;
        this.freeBytes = freeBytes;
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
}
