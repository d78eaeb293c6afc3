package io.wfs.common.msg.manager;

/** What {@code wfs status} asks the manager leader for. */
public final class ClusterStatusRequest extends ClientNameRequest<ClusterStatusReply> {
    public ClusterStatusRequest() {
    }

    public ClusterStatusRequest(String clientName) {
        super(clientName);
    }
}
