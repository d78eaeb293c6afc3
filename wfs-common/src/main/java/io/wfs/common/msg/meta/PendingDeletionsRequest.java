package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** A store asks the group owning {@code slot} for up to {@code max} blocks waiting to be deleted, oldest first. */
public final class PendingDeletionsRequest extends SlotRequest<BlockListReply> {
    public static final int MAX_BLOCKS = 65_536;

    private int max;

    public PendingDeletionsRequest() {
    }

    public PendingDeletionsRequest(MetaHeader header, int slot, int max) {
        super(header, slot);
        this.max = max;
    }

    public int max() {
        return max;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(max, "max", 1, MAX_BLOCKS);
    }
}
