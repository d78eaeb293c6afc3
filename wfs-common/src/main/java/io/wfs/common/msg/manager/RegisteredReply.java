package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Response;

/** The node's id (stable across restarts), the route version, and how often the manager wants heartbeats. */
public final class RegisteredReply implements Response {
    private int nodeId;
    private long routeVersion;
    private long heartbeatIntervalMillis;

    public RegisteredReply() {
    }

    public RegisteredReply(int nodeId, long routeVersion, long heartbeatIntervalMillis) {
        this.nodeId = nodeId;
        this.routeVersion = routeVersion;
        this.heartbeatIntervalMillis = heartbeatIntervalMillis;
    }

    public int nodeId() {
        return nodeId;
    }

    public long routeVersion() {
        return routeVersion;
    }

    public long heartbeatIntervalMillis() {
        return heartbeatIntervalMillis;
    }
}
