package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;


/** Bytes and inodes used in the group owning {@code slot}; the client asks each group once. */
public final class StatFsRequest implements MetaRequest<StatFsReply> {
    private MetaHeader header;
    private int slot;

    public StatFsRequest() {
    }

    public StatFsRequest(MetaHeader header, int slot) {
        this.header = header;
        this.slot = slot;
    }

    public MetaHeader header() {
        return header;
    }

    public int slot() {
        return slot;
    }

    @Override
    public long routingIno() {
        // Any inode number of the slot routes to its group.
        return ((long) slot << 52) | 1;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        Validate.range(slot, "slot", 0, 4095);
    }
}
