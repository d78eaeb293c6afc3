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
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drains the meta groups' deletion queues: asks each group's leader for its oldest freed blocks,
 * deletes them on every store node (the queue holds block ids only, not volumes), and
 * acknowledges them once all stores answered. A failure leaves the blocks queued for the next
 * poll: a block is deleted at least once and never forgotten. Deletes are idempotent, so two
 * stores draining the same queue only repeat work.
 */
public final class DeletionDrainer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DeletionDrainer.class);
    static final int BATCH = 4096;

    private final MetaClient meta;
    private final Supplier<SlotMap> slotMap;
    private final RpcClient stores;
    private final Supplier<List<String>> storeAddresses;
    private final Counter drained;
    private Periodic periodic;

    public DeletionDrainer(MetaClient meta, Supplier<SlotMap> slotMap, RpcClient stores,
                           Supplier<List<String>> storeAddresses, MetricRegistry registry) {
        this.meta = meta;
        this.slotMap = slotMap;
        this.stores = stores;
        this.storeAddresses = storeAddresses;
        this.drained = registry.counter("store.deletions.drained");
    }

    /** One pass over every group; returns the number of blocks deleted and acknowledged. */
    public int drainOnce() throws InterruptedException {
        int total = 0;
        for (SlotMap.Group group : slotMap.get().groups()) {
            if (group.slots().length == 0) {
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
                    for (String store : storeAddresses.get()) {
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
