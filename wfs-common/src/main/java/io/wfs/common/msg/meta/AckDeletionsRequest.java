package io.wfs.common.msg.meta;

/** The stores deleted these blocks: the group owning {@code slot} takes them off its deletion queue. */
public final class AckDeletionsRequest extends SlotBlocksRequest<OkReply> {
    public AckDeletionsRequest() {
    }

    public AckDeletionsRequest(MetaHeader header, int slot, long[] blockIds) {
        super(header, slot, blockIds);
    }
}
