package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** A store asks the group owning {@code slot} for up to {@code max} blocks waiting to be deleted, oldest first. */
public final class PendingDeletionsRequest implements MetaRequest<BlockListReply> {
    public static final int MAX_BLOCKS = 65_536;

    private MetaHeader header;
    private int slot;
    private int max;

    public PendingDeletionsRequest() {
    }

    public PendingDeletionsRequest(MetaHeader header, int slot, int max) {
        this.header = header;
        this.slot = slot;
        this.max = max;
    }

    public MetaHeader header() {
        return header;
    }

    public int slot() {
        return slot;
    }

    public int max() {
        return max;
    }

    @Override
    public long routingIno() {
        return ((long) slot << 52) | 1;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        Validate.range(slot, "slot", 0, 4095);
        Validate.range(max, "max", 1, MAX_BLOCKS);
    }
}
