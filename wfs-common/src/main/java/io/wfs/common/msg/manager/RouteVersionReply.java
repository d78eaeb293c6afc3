package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Response;

/** The route version after the request took effect. */
public final class RouteVersionReply implements Response {
    private long routeVersion;

    public RouteVersionReply() {
    }

    public RouteVersionReply(long routeVersion) {
        this.routeVersion = routeVersion;
    }

    public long routeVersion() {
        return routeVersion;
    }
}
