package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * A store node announces itself (at every start): address, disks, capacity and free space. Same address, same node id.
 */
public final class RegisterStoreNodeRequest extends NodeCapacity implements Request<RegisteredReply> {
    private String address;

    public RegisterStoreNodeRequest() {
    }

    public RegisterStoreNodeRequest(String address, int disks, long capacityBytes, long freeBytes) {
        super(disks, capacityBytes, freeBytes);
        this.address = address;
    }

    public String address() {
        return address;
    }

    @Override
    public void validate() {
        ManagerFields.address(address, "address");
        Validate.range(disks(), "disks", 1, ManagerFields.MAX_DISKS);
        ManagerFields.bytes(capacityBytes(), "capacityBytes");
        Validate.range(freeBytes(), "freeBytes", 0, capacityBytes());
    }
}
