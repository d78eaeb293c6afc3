package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/** A store node announces itself (at every start): address, disks, capacity and free space. Same address, same node id. */
public final class RegisterStoreNodeRequest implements Request<RegisteredReply>, NodeCapacity.Carrier {
    private String address;
    private NodeCapacity capacity;

    public RegisterStoreNodeRequest() {
    }

    public RegisterStoreNodeRequest(String address, int disks, long capacityBytes, long freeBytes) {
        this.address = address;
        this.capacity = new NodeCapacity(disks, capacityBytes, freeBytes);
    }

    public String address() {
        return address;
    }

    @Override
    public NodeCapacity capacity() {
        return NodeCapacity.orNone(capacity);
    }

    @Override
    public void validate() {
        ManagerFields.address(address, "address");
        Validate.range(disks(), "disks", 1, ManagerFields.MAX_DISKS);
        ManagerFields.bytes(capacityBytes(), "capacityBytes");
        Validate.range(freeBytes(), "freeBytes", 0, capacityBytes());
    }
}
