package io.wfs.common.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.rpc.server.HandlerRegistry;
import io.wfs.common.rpc.server.RpcServer;
import io.wfs.common.testing.TestRpc;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A server that holds a newer route than a request was built on refuses it STALE_ROUTE. The
 * client then refreshes its route ({@link MetaClient#onStaleRoute}) and resends the same request
 * stamped with the newer version, within the same call: before, the resends kept the old stamp
 * and the call failed at its deadline (a mount whose 5 s route refresh had not come yet, talking
 * to a meta node restarted since, gave the application EIO).
 */
@Timeout(30)
class MetaClientStaleRouteTest {
    private static final long SERVER_VERSION = 7;

    @Test
    void aStaleRouteRefusalRefreshesTheRouteAndTheResendCarriesIt() throws Exception {
        AtomicInteger refused = new AtomicInteger();
        HandlerRegistry handlers = new HandlerRegistry().register(GetAttrRequest.class, (req, ctx) -> {
            long built = req.header().routeVersion();
            if (built < SERVER_VERSION) {
                refused.incrementAndGet();
                return CompletableFuture.<AttrReply>failedFuture(new WfsException(WfsErrorCode.STALE_ROUTE,
                        "route version " + built + " is older than " + SERVER_VERSION, null, SERVER_VERSION, null));
            }
            return CompletableFuture.completedFuture(new AttrReply(
                    new InodeAttr(1, Posix.S_IFDIR | 0755, 2, 0, 0, 0, 1, 1, 1, 0, 0)));
        });
        try (RpcServer server = TestRpc.startServer(TestRpc.fastConfig(), handlers, new MetricRegistry());
             RpcClient rpc = TestRpc.client(TestRpc.fastConfig(), TestRpc.SECRET)) {
            String address = "127.0.0.1:" + server.address().getPort();
            List<SlotMap.Group> groups = SlotMap.singleGroup("g1", List.of(new SlotMap.Peer(address, address))).groups();
            try (MetaClient meta = new MetaClient(rpc, new SlotMap(3, groups), Duration.ofSeconds(10))) {
                AtomicLong askedFor = new AtomicLong();
                meta.onStaleRoute(serverVersion -> {
                    askedFor.set(serverVersion);
                    meta.updateSlotMap(new SlotMap(serverVersion, groups));
                });
                AttrReply reply = meta.call(new GetAttrRequest(meta.query(0, 0), 1)).get(10, TimeUnit.SECONDS);
                assertEquals(1, reply.attr().ino());
                assertEquals(SERVER_VERSION, askedFor.get(), "the refresh was told the server's version");
                assertTrue(refused.get() >= 1, "refused first: " + refused.get());
                assertEquals(SERVER_VERSION, meta.routeVersion());
            }
            // A refresh that fails (the manager is down) is retried by the next refusal: the call still completes.
            try (MetaClient flaky = new MetaClient(rpc, new SlotMap(3, groups), Duration.ofSeconds(10))) {
                AtomicInteger refreshes = new AtomicInteger();
                flaky.onStaleRoute(serverVersion -> {
                    if (refreshes.incrementAndGet() == 1) {
                        throw new WfsException(WfsErrorCode.UNAVAILABLE, "no manager answers");
                    }
                    flaky.updateSlotMap(new SlotMap(serverVersion, groups));
                });
                assertEquals(1, flaky.call(new GetAttrRequest(flaky.query(0, 0), 1)).get(10, TimeUnit.SECONDS).attr().ino());
                assertTrue(refreshes.get() >= 2, "refreshed again after the failed refresh: " + refreshes.get());
            }
            // Without a refresh the client cannot catch up: the refusal is what the call ends with.
            try (MetaClient stuck = new MetaClient(rpc, new SlotMap(3, groups), Duration.ofMillis(500))) {
                ExecutionException e = assertThrows(ExecutionException.class,
                        () -> stuck.call(new GetAttrRequest(stuck.query(0, 0), 1)).get(10, TimeUnit.SECONDS));
                assertEquals(WfsErrorCode.STALE_ROUTE, WfsException.unwrap(e).code());
            }
        }
    }
}
