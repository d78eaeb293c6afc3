package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;
import io.wfs.common.rpc.Validate;

/** The shape of requests addressed to the group owning a slot: (header, slot). */
public abstract class SlotRequest<R extends Response> extends HeaderRequest<R> {
    private int slot;

    protected SlotRequest() {
    }

    protected SlotRequest(MetaHeader header, int slot) {
        super(header);
        this.slot = slot;
    }

    public int slot() {
        return slot;
    }

    @Override
    public long routingIno() {
        return routingInoOf(slot);
    }

    @Override
    public void validate() {
        super.validate();
        validateSlot(slot);
    }

    /** An inode number that routes to the group owning {@code slot}: any inode number of the slot does. */
    public static long routingInoOf(int slot) {
        return ((long) slot << 52) | 1;
    }

    /** Checks a slot number field. */
    public static void validateSlot(int slot) {
        Validate.range(slot, "slot", 0, 4095);
    }
}
