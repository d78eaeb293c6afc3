package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/** Keeps this session alive in the group owning {@code slot}; a session silent for the lease loses its locks and opens there. */
public final class SessionHeartbeatRequest implements MetaRequest<OkReply> {
    private MetaHeader header;
    private int slot;

    public SessionHeartbeatRequest() {
    }

    public SessionHeartbeatRequest(MetaHeader header, int slot) {
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
        return ((long) slot << 52) | 1;
    }

    @Override
    public void validate() {
        MetaHeader.validate(header);
        Validate.range(slot, "slot", 0, 4095);
        MetaHeader.requireSession(header);
    }
}
