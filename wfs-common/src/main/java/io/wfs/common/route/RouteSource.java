package io.wfs.common.route;

import io.wfs.common.msg.manager.RouteReply;
import io.wfs.common.msg.manager.VolumeLocationReply;

/** Something that serves routes to clients: the manager's state, or a store's {@link RouteCache}. */
public interface RouteSource {
    long routeVersion();

    RouteReply fullRoute();

    /** The changes since {@code sinceVersion}, or the full route when they are no longer kept. */
    RouteReply routeSince(long sinceVersion);

    /**
     * Where a volume is; STALE_ROUTE (with this source's version) when {@code clientVersion} is
     * older than this source's route, ENOENT when the volume does not exist.
     */
    VolumeLocationReply locate(long clientVersion, int volumeId);
}
