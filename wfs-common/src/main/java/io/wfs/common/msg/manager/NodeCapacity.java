package io.wfs.common.msg.manager;

/** A store node's disks, capacity and free space, as it registers them and as {@code wfs status} shows them. */
public final class NodeCapacity {
    /** What a message without the field reads as: all zeros. */
    static final NodeCapacity NONE = new NodeCapacity();

    private int disks;
    private long capacityBytes;
    private long freeBytes;

    public NodeCapacity() {
    }

    public NodeCapacity(int disks, long capacityBytes, long freeBytes) {
        this.disks = disks;
        this.capacityBytes = capacityBytes;
        this.freeBytes = freeBytes;
    }

    static NodeCapacity orNone(NodeCapacity capacity) {
        return capacity == null ? NONE : capacity;
    }

    /** A message that carries a node's capacity: its three accessors, declared once. */
    public interface Carrier {
        /** The capacity; never null ({@link #NONE} when the field is missing). */
        NodeCapacity capacity();

        default int disks() {
            return capacity().disks;
        }

        default long capacityBytes() {
            return capacity().capacityBytes;
        }

        default long freeBytes() {
            return capacity().freeBytes;
        }
    }
}
