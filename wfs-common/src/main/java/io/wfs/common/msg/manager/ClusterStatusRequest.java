package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/** What {@code wfs status} asks the manager leader for. */
public final class ClusterStatusRequest implements Request<ClusterStatusReply> {
    private String clientName;

    public ClusterStatusRequest() {
    }

    public ClusterStatusRequest(String clientName) {
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
