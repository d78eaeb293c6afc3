package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Response;

/** The node's id (stable across restarts), the route version, and how often the manager wants heartbeats. */
public final class RegisteredReply extends NodeAtRouteVersion implements Response {
    private long heartbeatIntervalMillis;

    public RegisteredReply() {
    }

    public RegisteredReply(int nodeId, long routeVersion, long heartbeatIntervalMillis) {
        super(nodeId, routeVersion);
        this.heartbeatIntervalMillis = heartbeatIntervalMillis;
    }

    public long heartbeatIntervalMillis() {
        return heartbeatIntervalMillis;
    }
}
