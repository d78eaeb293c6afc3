package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Validate;

/**
 * The cluster-wide rename lease, held in the group owning the root's slot: a rename that moves
 * a directory to another parent across groups holds it while it checks the destination's
 * ancestors and changes the entries, so no two such renames can together make a cycle.
 * {@code acquire} takes or renews it for {@code holder} (LOCKED while another holder's lease is
 * live); otherwise releases it if {@code holder} has it.
 */
public final class RenameLeaseRequest extends HeaderRequest<OkReply> {
    public static final long MIN_TERM_NS = 100_000_000L;
    public static final long MAX_TERM_NS = 600_000_000_000L;

    private long holder;
    private boolean acquire;
    private long termNs;

    public RenameLeaseRequest() {
    }

    public RenameLeaseRequest(MetaHeader header, long holder, boolean acquire, long termNs) {
        super(header);
        this.holder = holder;
        this.acquire = acquire;
        this.termNs = termNs;
    }

    /** How long the lease lasts from its acquisition unless released (the coordinator's configuration). */
    public long termNs() {
        return termNs;
    }

    public long holder() {
        return holder;
    }

    public boolean acquire() {
        return acquire;
    }

    @Override
    public long routingIno() {
        return 1;
    }

    @Override
    public void validate() {
        super.validate();
        Validate.check(holder != 0, "holder is 0");
        Validate.range(termNs, "termNs", acquire ? MIN_TERM_NS : 0, MAX_TERM_NS);
    }
}
