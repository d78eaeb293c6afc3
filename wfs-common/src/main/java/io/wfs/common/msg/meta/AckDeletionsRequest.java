package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** The stores deleted these blocks: the group owning {@code slot} takes them off its deletion queue. */
public final class AckDeletionsRequest implements MetaRequest<OkReply> {
    private MetaHeader header;
    private int slot;
    private long[] blockIds;

    public AckDeletionsRequest() {
    }

    public AckDeletionsRequest(MetaHeader header, int slot, long[] blockIds) {
        this.header = header;
        this.slot = slot;
        this.blockIds = blockIds;
    }

    public MetaHeader header() {
        return header;
    }

    public int slot() {
        return slot;
    }

    public long[] blockIds() {
        return blockIds;
    }

    @Override
    public long routingIno() {
        return ((long) slot << 52) | 1;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        Validate.range(slot, "slot", 0, 4095);
        Validate.notNull(blockIds, "blockIds");
        Validate.range(blockIds.length, "blockIds", 1, PendingDeletionsRequest.MAX_BLOCKS);
    }
}
