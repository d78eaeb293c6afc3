package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Response;

/**
 * The manager's current route version and, when the node's route is older, the update that
 * brings it there (a delta, or the full route when the node is too far behind): the manager
 * pushes route changes to nodes on their heartbeat. Empty {@code routeUpdate} = up to date.
 */
public final class HeartbeatReply implements Response {
    private long routeVersion;
    private byte[] routeUpdate;

    public HeartbeatReply() {
    }

    public HeartbeatReply(long routeVersion, byte[] routeUpdate) {
        this.routeVersion = routeVersion;
        this.routeUpdate = routeUpdate;
    }

    public long routeVersion() {
        return routeVersion;
    }

    public byte[] routeUpdate() {
        return routeUpdate == null ? new byte[0] : routeUpdate;
    }
}
