package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * A client's standing question to the leader of the group owning {@code slot}: "which of the
 * names and attributes I cache from you changed?" (docs/metadata.md, "Client caches with
 * leases"). It acknowledges every invalidation up to {@code ackedBatch} (the client dropped
 * them before sending this) and renews the session's leases in the group. The leader holds it
 * until it has invalidations for the session or a quarter of the lease has passed.
 */
public final class CacheLeasePollRequest extends SlotRequest<CacheLeasePollReply> {
    private long ackedBatch;

    public CacheLeasePollRequest() {
    }

    public CacheLeasePollRequest(MetaHeader header, int slot, long ackedBatch) {
        super(header, slot);
        this.ackedBatch = ackedBatch;
    }

    public long ackedBatch() {
        return ackedBatch;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.range(ackedBatch, "ackedBatch", 0, Long.MAX_VALUE);
        Validate.check(header().session() != 0, "a cache lease poll needs a session");
    }

    /** None: it only ever hears of keys this session was leased through answers it was allowed. */
    @Override
    public long[] namedInodes() {
        return new long[0];
    }
}
