package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;

/** A meta node announces itself (at every start): its Raft endpoint and its client endpoint. Same addresses, same node id. */
public final class RegisterMetaNodeRequest implements Request<RegisteredReply> {
    private String raftAddress;
    private String clientAddress;

    public RegisterMetaNodeRequest() {
    }

    public RegisterMetaNodeRequest(String raftAddress, String clientAddress) {
        this.raftAddress = raftAddress;
        this.clientAddress = clientAddress;
    }

    public String raftAddress() {
        return raftAddress;
    }

    public String clientAddress() {
        return clientAddress;
    }

    @Override
    public void validate() {
        ManagerFields.address(raftAddress, "raftAddress");
        ManagerFields.address(clientAddress, "clientAddress");
    }
}
