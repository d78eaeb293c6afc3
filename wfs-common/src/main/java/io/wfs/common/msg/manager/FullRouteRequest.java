package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/** Asks for the whole route (served by the manager and, through RouteCache, by every store). */
public final class FullRouteRequest implements Request<RouteReply> {
    private String clientName;

    public FullRouteRequest() {
    }

    public FullRouteRequest(String clientName) {
        this.clientName = clientName;
    }

    public String clientName() {
        return clientName;
    }

    @Override
    public void validate() {
        Validate.length(clientName, "clientName", ManagerFields.MAX_NAME_CHARS);
    }
}
