package io.wfs.common.msg.manager;

/**
 * A route version and a volume, the first two fields of {@link LocateVolumeRequest} (the route
 * the client holds), of its answer {@link VolumeLocationReply} (the route the answer comes from)
 * and of a store's {@link VolumeStateReportRequest}. Declared here once; as the root of these
 * messages its fields are numbers 1 and 2 (docs/wire-protocol.md, Compatibility).
 */
public abstract class VolumeAtRouteVersion {
    private long routeVersion;
    private int volumeId;

    protected VolumeAtRouteVersion() {
    }

    protected VolumeAtRouteVersion(long routeVersion, int volumeId) {
        this.routeVersion = routeVersion;
        this.volumeId = volumeId;
    }

    public long routeVersion() {
        return routeVersion;
    }

    public int volumeId() {
        return volumeId;
    }
}
