package io.wfs.common.msg.manager;

/** Asks for the whole route (served by the manager and, through RouteCache, by every store). */
public final class FullRouteRequest extends ClientNameRequest<RouteReply> {
    public FullRouteRequest() {
    }

    public FullRouteRequest(String clientName) {
        super(clientName);
    }
}
