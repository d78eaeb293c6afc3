package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/** A client starting up asks the manager for the small boot route: where the stores are, and the route version. */
public final class BootRouteRequest implements Request<BootRouteReply> {
    private String clientName;

    public BootRouteRequest() {
    }

    public BootRouteRequest(String clientName) {
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
