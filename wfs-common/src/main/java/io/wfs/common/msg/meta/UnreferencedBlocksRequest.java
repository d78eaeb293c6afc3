package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * A store's orphan check: which of these blocks (all allocated in {@code slot}) does no file of
 * the group owning the slot reference? The answer names the unreferenced ones, so that an empty
 * or lost answer never makes a store delete anything.
 */
public final class UnreferencedBlocksRequest extends SlotBlocksRequest<BlockListReply> {
    public UnreferencedBlocksRequest() {
    }

    public UnreferencedBlocksRequest(MetaHeader header, int slot, long[] blockIds) {
        super(header, slot, blockIds);
    }

    @Override
    public void validate() {
        super.validate();
        for (long id : blockIds()) {
            // Block ids are encoded like inos (slot << 52 | seq): a foreign slot or seq 0 is a caller bug.
            if (id >>> 52 != slot() || (id & ((1L << 52) - 1)) == 0) {
                Validate.check(false, "block id " + id + " is not a block id of slot " + slot());
            }
        }
    }
}
