package io.wfs.common.msg.meta;

/** Keeps this session alive in the group owning {@code slot}; a session silent for the lease loses its locks and opens there. */
public final class SessionHeartbeatRequest extends SlotRequest<OkReply> {
    public SessionHeartbeatRequest() {
    }

    public SessionHeartbeatRequest(MetaHeader header, int slot) {
        super(header, slot);
    }

    @Override
    public void validate() {
        super.validate();
        MetaHeader.requireSession(header());
    }

    /** None: it only ever hears of keys this session was leased through answers it was allowed. */
    @Override
    public long[] namedInodes() {
        return new long[0];
    }
}
