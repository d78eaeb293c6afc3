package io.wfs.client.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.client.route.ClusterView;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.route.SlotMap;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The upload's answer to a route without a writable volume: it keeps looking for the configured
 * wait (a dead store's volumes are being replaced), then fails with ENOSPC. Recovery within the
 * wait through real stores is MountUnderFailuresIT's job.
 */
class BlockStoreClientTest {
    @Test
    void withoutAWritableVolumeTheUploadLooksAgainUntilTheWaitEndsThenFailsWithEnospc() throws Exception {
        NoVolumes cluster = new NoVolumes();
        BlockStoreClient client = new BlockStoreClient(null, cluster, new BlockIdPool(null), Duration.ofMillis(1200));
        long start = System.nanoTime();
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> client.upload(1, 0, new byte[10]).get(10, TimeUnit.SECONDS));
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertEquals(WfsErrorCode.ENOSPC, WfsException.unwrap(e).code());
        assertTrue(waitedMillis >= 1200, "gave up after " + waitedMillis + " ms");
        assertTrue(cluster.asked.get() >= 3, "looked at the route only " + cluster.asked.get() + " times");
    }

    @Test
    void aZeroWaitFailsAtOnce() {
        BlockStoreClient client = new BlockStoreClient(null, new NoVolumes(), new BlockIdPool(null), Duration.ZERO);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> client.upload(1, 0, new byte[10]).get(2, TimeUnit.SECONDS));
        assertEquals(WfsErrorCode.ENOSPC, WfsException.unwrap(e).code());
    }

    /** A route whose every volume is read-only. */
    private static final class NoVolumes implements ClusterView {
        final AtomicInteger asked = new AtomicInteger();

        @Override
        public SlotMap slotMap() {
            throw new UnsupportedOperationException();
        }

        @Override
        public WritableVolume writableVolume(Set<Integer> excluded) {
            asked.incrementAndGet();
            throw new WfsException(WfsErrorCode.ENOSPC, "no writable volume can take the data");
        }

        @Override
        public int replicasPerVolume() {
            return 1;
        }

        @Override
        public List<String> replicasOf(int volume) {
            return List.of();
        }

        @Override
        public void refresh() {
        }

        @Override
        public void onSlotMap(Consumer<SlotMap> listener) {
        }

        @Override
        public void close() {
        }
    }
}
