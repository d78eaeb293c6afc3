package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.CacheLeasePollRequest;
import io.wfs.common.msg.meta.CreateBatchReply;
import io.wfs.common.msg.meta.CreateBatchRequest;
import io.wfs.common.msg.meta.CreateDelegationReply;
import io.wfs.common.msg.meta.DelegateCreatesRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.testing.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A create delegation across a meta leader change (docs/metadata.md, "Asynchronous creates"), on a
 * real three-replica group: a holder's batch numbered from the previous leader's grant reaches the
 * new leader after the holder took a new range there (the batch was retried through the change
 * while the mount went on creating). The new leader must apply it, not refuse it as numbers it did
 * not hand out: the holder told its application those files exist. A number of the new leader's
 * term outside the holder's ranges is still refused.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DelegationLeaderChangeIT {
    private static final long ROOT = 1;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void aBatchFromTheLastLeadersGrantIsAppliedAfterTheHolderGotANewRange() throws Exception {
        try (MiniCluster cluster = MiniCluster.builder().metaNodes(3).start()) {
            cluster.awaitReady(WAIT);
            MetaClient holder = cluster.metaClient();
            long dir = mkdir(holder, "held");
            String group = cluster.slotMap().groupOfIno(dir).id();
            CreateDelegationReply first = delegate(holder, cluster, dir);

            int before = cluster.leaderOf(group);
            Await.until(WAIT, () -> {
                int now = cluster.leaderOf(group);
                if (now == before) {
                    cluster.moveLeadership(group);
                }
                return now >= 0 && now != before;
            }, "group " + group + " led by another node");
            // Any request waits out the new leader's takeover hold; a session that polled once and
            // then waited that long would have let its lease lapse (a mount polls all the time).
            holder.call(new LookupRequest(holder.mutation(0, 0), ROOT, bytes("held"))).get(60, TimeUnit.SECONDS);
            CreateDelegationReply second = delegate(holder, cluster, dir);
            assertTrue(second.firstIno() != first.firstIno(), "the new leader granted a range of its own");

            CreateBatchReply applied = batch(holder, dir, first.firstIno(), "from-first-grant");
            assertNull(applied.error(0), "the file numbered by the earlier leader's grant is created");
            assertEquals(first.firstIno(), holder.call(new LookupRequest(holder.mutation(0, 0), dir,
                    bytes("from-first-grant"))).get(60, TimeUnit.SECONDS).attr().ino());
            assertNull(batch(holder, dir, second.firstIno(), "from-second-grant").error(0));

            // A number of the new leader's term outside the holder's ranges stays refused before any entry.
            long never = second.firstIno() + second.count() + 100;
            ExecutionException refused = assertThrows(ExecutionException.class, () -> batch(holder, dir, never, "taken"));
            assertEquals(WfsErrorCode.EINVAL, WfsException.unwrap(refused.getCause()).code());
        }
    }

    private static long mkdir(MetaClient c, String name) throws Exception {
        return c.call(new MkdirRequest(c.mutation(0, 0), ROOT, bytes(name), 0777)).get(60, TimeUnit.SECONDS).attr().ino();
    }

    /** A delegation on {@code dir} from the group's leader now: a session polls for leases before it may hold one. */
    private static CreateDelegationReply delegate(MetaClient c, MiniCluster cluster, long dir) throws Exception {
        int slot = cluster.slotMap().groupOfIno(dir).slots()[0];
        c.call(new CacheLeasePollRequest(c.leasedQuery(0, 0), slot, 0)).get(60, TimeUnit.SECONDS);
        return c.call(new DelegateCreatesRequest(c.mutation(0, 0), dir)).get(60, TimeUnit.SECONDS);
    }

    private static CreateBatchReply batch(MetaClient c, long dir, long ino, String name) throws Exception {
        byte[] n = bytes(name);
        return c.call(new CreateBatchRequest(c.mutation(0, 0), dir, new long[] {ino}, new int[] {Posix.S_IFREG | 0644},
                n, new int[] {n.length}, new byte[] {0})).get(60, TimeUnit.SECONDS);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
