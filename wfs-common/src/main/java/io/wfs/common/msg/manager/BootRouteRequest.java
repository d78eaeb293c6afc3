package io.wfs.common.msg.manager;

/** A client starting up asks the manager for the small boot route: where the stores are, and the route version. */
public final class BootRouteRequest extends ClientNameRequest<BootRouteReply> {
    public BootRouteRequest() {
    }

    public BootRouteRequest(String clientName) {
        super(clientName);
    }
}
