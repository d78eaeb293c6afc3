package io.wfs.common.msg.manager;

import io.wfs.common.rpc.Request;
import io.wfs.common.rpc.Validate;

/**
 * A store node announces itself (at every start): address, disks, capacity and free space. Same address, same node id.
 * The capacity fields stay flat, as in {@link NodeStatus}: see there why they are not shared.
 */
public final class RegisterStoreNodeRequest implements Request<RegisteredReply> {
    private String address;
    private int disks;
    private long capacityBytes;
    private long freeBytes;

    public RegisterStoreNodeRequest() {
    }

    public RegisterStoreNodeRequest(String address, int disks, long capacityBytes, long freeBytes) {
        this.address = address;
        this.disks = disks;
        this.capacityBytes = capacityBytes;
        this.freeBytes = freeBytes;
    }

    public String address() {
        return address;
    }

    public int disks() {
        return disks;
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    public long freeBytes() {
        return freeBytes;
    }

    @Override
    public void validate() {
        ManagerFields.address(address, "address");
        Validate.range(disks, "disks", 1, ManagerFields.MAX_DISKS);
        ManagerFields.bytes(capacityBytes, "capacityBytes");
        Validate.range(freeBytes, "freeBytes", 0, capacityBytes);
    }
}
