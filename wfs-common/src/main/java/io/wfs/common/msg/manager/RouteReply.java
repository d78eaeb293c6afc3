package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Response;

/** A route update ({@link io.wfs.common.route.RouteUpdate} encoding: full or delta) and the version it leads to. */
public final class RouteReply implements Response {
    private long routeVersion;
    private byte[] update;

    public RouteReply() {
    }

    public RouteReply(long routeVersion, byte[] update) {
        this.routeVersion = routeVersion;
        this.update = update;
    }

    public long routeVersion() {
        return routeVersion;
    }

    public byte[] update() {
        return update == null ? new byte[0] : update;
    }
}
