package io.wfs.common.msg.meta;

import io.wfs.common.rpc.Response;

/**
 * The leader's answer to a {@link CacheLeasePollRequest}: the lease keys whose cached names and
 * attributes the client must drop (a directory's inode number for its entries and its own
 * attributes; a file's parent for the file's attributes), numbered {@code batch}; how long a
 * lease lasts after the poll was sent; and {@code restarted} when the leader holds no lease of
 * this session from before (a new leader, or the session's leases lapsed): the client then drops
 * everything it cached from this group.
 */
public final class CacheLeasePollReply implements Response {
    private long batch;
    private long[] keys;
    private long leaseNanos;
    private boolean restarted;

    public CacheLeasePollReply() {
    }

    public CacheLeasePollReply(long batch, long[] keys, long leaseNanos, boolean restarted) {
        this.batch = batch;
        this.keys = keys;
        this.leaseNanos = leaseNanos;
        this.restarted = restarted;
    }

    public long batch() {
        return batch;
    }

    public long[] keys() {
        return keys == null ? new long[0] : keys;
    }

    public long leaseNanos() {
        return leaseNanos;
    }

    public boolean restarted() {
        return restarted;
    }
}
