package io.wfs.client.namespace;

import io.netty.util.concurrent.DefaultThreadFactory;
import io.wfs.common.msg.meta.CacheLeasePollReply;
import io.wfs.common.msg.meta.CacheLeasePollRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This client's side of the cache leases (docs/metadata.md, "Client caches with leases"): one
 * standing poll per meta group it caches answers from. Each poll acknowledges the invalidations
 * the previous one brought (after they were applied to the {@link MetadataCache}) and renews the
 * group's lease until its send time plus nine tenths of the lease term, so a leased answer is
 * never served past the moment the leader may stop waiting for this client. Any failed poll, or
 * a leader that holds nothing of this session, drops every leased answer.
 */
public final class CacheLeaseKeeper implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CacheLeaseKeeper.class);
    private static final long RETRY_MS = 200;

    /** One group's lease as this client holds it. */
    public static final class GroupLease {
        private final String group;
        private final int slot;
        private volatile long validUntilNs;
        private long ackedBatch;

        GroupLease(String group, int slot) {
            this.group = group;
            this.slot = slot;
        }

        void validUntil(long nanoTime) {
            this.validUntilNs = nanoTime;
        }

        /** True while answers leased from this group may be served. */
        public boolean valid(long nowNs) {
            return nowNs - validUntilNs < 0;
        }
    }

    private final MetaClient meta;
    private final MetadataCache cache;
    private final ConcurrentHashMap<String, GroupLease> groups = new ConcurrentHashMap<>();
    private final ScheduledExecutorService retries =
            Executors.newSingleThreadScheduledExecutor(new DefaultThreadFactory("wfs-client-leases", true));
    private volatile boolean closed;
    private volatile RecallListener recalls = RecallListener.NONE;

    /**
     * Told of every invalidation before the poll acknowledges it, and of every lost lease: a
     * directory this client creates in under a delegation (AsyncCreates) sends its pending files
     * first, so the leader's recall completes only when they are applied.
     */
    public interface RecallListener {
        RecallListener NONE = new RecallListener() {
            @Override
            public CompletableFuture<Void> recalled(long[] keys) {
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public void groupLost(String group) {
            }
        };

        CompletableFuture<Void> recalled(long[] keys);

        void groupLost(String group);
    }

    public void onRecall(RecallListener listener) {
        this.recalls = listener;
    }

    public CacheLeaseKeeper(MetaClient meta, MetadataCache cache) {
        this.meta = meta;
        this.cache = cache;
    }

    /**
     * The lease of the group that answered a request routed by {@code routingIno}, its poll started
     * on first use; an answer the leader did not lease ({@code leased} false) gets none.
     */
    public GroupLease of(long routingIno, boolean leased) {
        SlotMap.Group g = meta.groupOf(routingIno);
        GroupLease lease = groups.get(g.id());
        if (lease == null) {
            GroupLease created = new GroupLease(g.id(), g.slots()[0]);
            lease = groups.putIfAbsent(g.id(), created);
            if (lease == null) {
                lease = created;
                poll(created);
            }
        }
        return leased ? lease : null;
    }

    private void poll(GroupLease lease) {
        if (closed) {
            return;
        }
        long sentNs = System.nanoTime();
        meta.call(new CacheLeasePollRequest(meta.leasedQuery(0, 0), lease.slot, lease.ackedBatch))
                .whenComplete((reply, error) -> {
                    if (error != null) {
                        lost(lease, error);
                        return;
                    }
                    applied(lease, reply, sentNs).whenComplete((flushed, flushError) -> poll(lease));
                });
    }

    /** Completes when the invalidations may be acknowledged (after the recalled delegations' files were sent). */
    private CompletableFuture<Void> applied(GroupLease lease, CacheLeasePollReply reply, long sentNs) {
        CompletableFuture<Void> ready = CompletableFuture.completedFuture(null);
        if (reply.restarted()) {
            // The leader holds no lease of ours from before: whatever we cached from its group may be stale.
            cache.dropLeased(lease);
            recalls.groupLost(lease.group);
        } else if (reply.keys().length > 0) {
            cache.invalidate(reply.keys());
            ready = recalls.recalled(reply.keys());
        }
        lease.ackedBatch = reply.batch();
        lease.validUntil(sentNs + reply.leaseNanos() / 10 * 9);
        return ready;
    }

    private void lost(GroupLease lease, Throwable error) {
        lease.validUntil(System.nanoTime());
        cache.dropLeased(lease);
        recalls.groupLost(lease.group);
        if (!closed) {
            LOG.debug("lease poll to group {} failed, retrying: {}", lease.group, error.toString());
            try {
                retries.schedule(() -> poll(lease), RETRY_MS, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException closedMeanwhile) {
                // close() ran: no more polls.
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        retries.shutdownNow();
    }
}
