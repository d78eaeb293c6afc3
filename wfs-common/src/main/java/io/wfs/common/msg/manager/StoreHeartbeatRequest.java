package io.wfs.common.msg.manager;

/**
 * A store node is alive: its free space and the fill of each volume replica it holds, from which
 * the manager seals full volumes and reports deleted space. {@code routeVersion} is the route it
 * holds: the reply carries what it misses.
 */
public final class StoreHeartbeatRequest extends NodeReportRequest<HeartbeatReply> {
    private long freeBytes;
    private VolumeFill fill;
    /** The node's registered address, so the manager refuses a heartbeat whose id it gave another node. */
    private String address;

    public StoreHeartbeatRequest() {
    }

    public StoreHeartbeatRequest(int nodeId, String address, long routeVersion, long freeBytes, VolumeFill fill) {
        super(nodeId, routeVersion);
        this.address = address;
        this.freeBytes = freeBytes;
        this.fill = fill;
    }

    public StoreHeartbeatRequest(int nodeId, String address, long routeVersion, long freeBytes, int[] volumeIds,
                                 long[] volumeUsedBytes) {
        this(nodeId, address, routeVersion, freeBytes, VolumeFill.of(volumeIds, volumeUsedBytes));
    }

    public StoreHeartbeatRequest(int nodeId, long routeVersion, long freeBytes, int[] volumeIds, long[] volumeUsedBytes) {
        this(nodeId, null, routeVersion, freeBytes, volumeIds, volumeUsedBytes);
    }

    /** The sender's registered address, or null when it did not say (then the id alone names it). */
    public String address() {
        return address;
    }

    public long freeBytes() {
        return freeBytes;
    }

    public VolumeFill fill() {
        return fill == null ? new VolumeFill() : fill;
    }

    @Override
    public void validate() {
        ManagerFields.nodeId(nodeId());
        if (address != null) {
            ManagerFields.address(address, "address");
        }
        ManagerFields.version(routeVersion(), "routeVersion");
        ManagerFields.bytes(freeBytes, "freeBytes");
        fill().validate("fill");
    }
}
