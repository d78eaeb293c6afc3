package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * Where is volume {@code volumeId} now, and may it take writes? Built on the client's route
 * ({@code routeVersion}, 0 = none yet): a server holding a newer route answers STALE_ROUTE with
 * its version, and the client refreshes its route first.
 */
public final class LocateVolumeRequest extends VolumeAtRouteVersion implements Request<VolumeLocationReply> {
    public LocateVolumeRequest() {
    }

    public LocateVolumeRequest(long routeVersion, int volumeId) {
        super(routeVersion, volumeId);
    }

    @Override
    public void validate() {
        ManagerFields.version(routeVersion(), "routeVersion");
        Validate.range(volumeId(), "volumeId", 1, Integer.MAX_VALUE);
    }
}
