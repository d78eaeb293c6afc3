package io.wfs.store.deletion;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.wfs.common.msg.meta.AckDeletionsRequest;
import io.wfs.common.msg.meta.BlockListReply;
import io.wfs.common.msg.meta.PendingDeletionsRequest;
import io.wfs.common.msg.store.DeleteBlocksRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.store.node.Periodic;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drains the meta groups' deletion queues: asks each group's leader for its oldest freed blocks,
 * deletes them on every store the {@link DrainPlan} names (the queue holds block ids only, not
 * volumes), and acknowledges them once all those stores answered. A failure leaves the blocks
 * queued for the next poll: a block is deleted at least once and never forgotten. Each group is
 * drained by one store (the plan decides which); deletes are idempotent, so two stores that
 * briefly disagree about it only repeat work. Metrics: {@code store.deletions.drained},
 * {@code store.deletions.drain_failures}.
 */
public final class DeletionDrainer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DeletionDrainer.class);
    static final int BATCH = 4096;

    private final MetaClient meta;
    private final DrainPlan plan;
    private final RpcClient stores;
    private final Counter drained;
    private final Counter failures;
    private Periodic periodic;

    public DeletionDrainer(MetaClient meta, DrainPlan plan, RpcClient stores, MetricRegistry registry) {
        this.meta = meta;
        this.plan = plan;
        this.stores = stores;
        this.drained = registry.counter("store.deletions.drained");
        this.failures = registry.counter("store.deletions.drain_failures");
    }

    /** One pass over every group; returns the number of blocks deleted and acknowledged. */
    public int drainOnce() throws InterruptedException {
        int total = 0;
        SlotMap map = plan.slotMap();
        if (map == null) {
            return 0;
        }
        List<SlotMap.Group> groups = map.groups();
        for (int g = 0; g < groups.size(); g++) {
            SlotMap.Group group = groups.get(g);
            if (group.slots().length == 0 || !plan.drains(group, g)) {
                continue;
            }
            int slot = group.slots()[0];
            try {
                while (true) {
                    BlockListReply pending = meta.call(new PendingDeletionsRequest(meta.query(0, 0), slot, BATCH)).get();
                    long[] ids = pending.blockIds();
                    if (ids.length == 0) {
                        break;
                    }
                    for (String store : plan.storesToDeleteOn()) {
                        stores.call(address(store), new DeleteBlocksRequest(DeleteBlocksRequest.ANY_VOLUME, ids)).get();
                    }
                    meta.call(new AckDeletionsRequest(meta.mutation(0, 0), slot, ids)).get();
                    total += ids.length;
                    drained.inc(ids.length);
                    if (ids.length < BATCH) {
                        break;
                    }
                }
            } catch (ExecutionException e) {
                failures.inc();
                LOG.warn("draining the deletion queue of group {} failed (retried next pass): {}", group.id(),
                        e.getCause().getMessage());
            }
        }
        return total;
    }

    public void start(Duration interval) {
        periodic = Periodic.start("store-deletions", interval, LOG, this::drainOnce);
    }

    private static InetSocketAddress address(String hostPort) {
        return io.wfs.common.rpc.HostPort.parse(hostPort);
    }

    @Override
    public void close() {
        if (periodic != null) {
            periodic.close();
        }
    }
}
