package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;

/** Asks for the route changes after {@code sinceVersion}; answered with the full route when that version is too old. */
public final class RouteDeltaRequest implements Request<RouteReply> {
    private long sinceVersion;

    public RouteDeltaRequest() {
    }

    public RouteDeltaRequest(long sinceVersion) {
        this.sinceVersion = sinceVersion;
    }

    public long sinceVersion() {
        return sinceVersion;
    }

    @Override
    public void validate() {
        ManagerFields.version(sinceVersion, "sinceVersion");
    }
}
