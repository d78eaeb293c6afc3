package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * A store node is alive: its free space and the bytes used in each volume replica it holds
 * ({@code volumeIds[i]} uses {@code volumeUsedBytes[i]}), from which the manager seals full
 * volumes. {@code routeVersion} is the route it holds: the reply carries what it misses.
 */
public final class StoreHeartbeatRequest implements Request<HeartbeatReply> {
    private int nodeId;
    private long routeVersion;
    private long freeBytes;
    private int[] volumeIds;
    private long[] volumeUsedBytes;
    /** The node's registered address, so the manager refuses a heartbeat whose id it gave another node. */
    private String address;

    public StoreHeartbeatRequest() {
    }

    public StoreHeartbeatRequest(int nodeId, String address, long routeVersion, long freeBytes, int[] volumeIds,
                                 long[] volumeUsedBytes) {
        this(nodeId, routeVersion, freeBytes, volumeIds, volumeUsedBytes);
        this.address = address;
    }

    public StoreHeartbeatRequest(int nodeId, long routeVersion, long freeBytes, int[] volumeIds, long[] volumeUsedBytes) {
        this.nodeId = nodeId;
        this.routeVersion = routeVersion;
        this.freeBytes = freeBytes;
        this.volumeIds = volumeIds;
        this.volumeUsedBytes = volumeUsedBytes;
    }

    public int nodeId() {
        return nodeId;
    }

    /** The sender's registered address, or null when it did not say (then the id alone names it). */
    public String address() {
        return address;
    }

    public long routeVersion() {
        return routeVersion;
    }

    public long freeBytes() {
        return freeBytes;
    }

    public int[] volumeIds() {
        return volumeIds == null ? new int[0] : volumeIds;
    }

    public long[] volumeUsedBytes() {
        return volumeUsedBytes == null ? new long[0] : volumeUsedBytes;
    }

    @Override
    public void validate() {
        ManagerFields.nodeId(nodeId);
        if (address != null) {
            ManagerFields.address(address, "address");
        }
        ManagerFields.version(routeVersion, "routeVersion");
        ManagerFields.bytes(freeBytes, "freeBytes");
        int[] ids = volumeIds();
        long[] used = volumeUsedBytes();
        Validate.check(ids.length <= ManagerFields.MAX_VOLUMES_PER_HEARTBEAT,
                "more than " + ManagerFields.MAX_VOLUMES_PER_HEARTBEAT + " volumes in one heartbeat");
        Validate.check(ids.length == used.length, "volumeIds and volumeUsedBytes differ in length");
        for (int i = 0; i < ids.length; i++) {
            Validate.range(ids[i], "volumeIds[]", 1, Integer.MAX_VALUE);
            ManagerFields.bytes(used[i], "volumeUsedBytes[]");
        }
    }
}
