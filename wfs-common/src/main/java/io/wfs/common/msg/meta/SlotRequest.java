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
        // Any inode number of the slot routes to its group.
        return ((long) slot << 52) | 1;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(slot, "slot", 0, 4095);
    }
}
