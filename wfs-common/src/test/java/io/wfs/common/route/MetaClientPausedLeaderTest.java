package io.wfs.common.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.codahale.metrics.MetricRegistry;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A peer that takes requests and never answers (a leader stopped with SIGSTOP: the kernel keeps its
 * connections open) must not be where every later call starts. A meta node's cross-group step has a
 * deadline as long as one attempt, so it gives up after its first try; before, the next step went
 * to the same silent node again and again (a chaos run saw a minute of cross-group unlinks and
 * renames fail with EIO that way, while the group had another leader).
 */
@Timeout(30)
class MetaClientPausedLeaderTest {
    @Test
    void aCallAfterOneThatTimedOutStartsAtTheNextPeer() throws Exception {
        HandlerRegistry silent = new HandlerRegistry().register(GetAttrRequest.class,
                (req, ctx) -> new CompletableFuture<AttrReply>());
        HandlerRegistry leading = new HandlerRegistry().register(GetAttrRequest.class,
                (req, ctx) -> CompletableFuture.completedFuture(new AttrReply(
                        new InodeAttr(1, Posix.S_IFDIR | 0755, 2, 0, 0, 0, 1, 1, 1, 0, 0))));
        WfsConfig config = TestRpc.fastConfig().with(CommonConfigKeys.CALL_TIMEOUT, Duration.ofMillis(500));
        try (RpcServer paused = TestRpc.startServer(config, silent, new MetricRegistry());
             RpcServer leader = TestRpc.startServer(config, leading, new MetricRegistry());
             RpcClient rpc = TestRpc.client(config, TestRpc.SECRET)) {
            String first = "127.0.0.1:" + paused.address().getPort();
            String second = "127.0.0.1:" + leader.address().getPort();
            List<SlotMap.Group> groups = SlotMap.singleGroup("g1",
                    List.of(new SlotMap.Peer(first, first), new SlotMap.Peer(second, second))).groups();
            // The deadline is one attempt long, as a cross-group step's.
            try (MetaClient meta = new MetaClient(rpc, new SlotMap(1, groups), Duration.ofMillis(400))) {
                ExecutionException timedOut = assertThrows(ExecutionException.class,
                        () -> meta.call(new GetAttrRequest(meta.query(0, 0), 1)).get(10, TimeUnit.SECONDS));
                assertEquals(WfsErrorCode.TIMEOUT, WfsException.unwrap(timedOut).code());
                AttrReply reply = meta.call(new GetAttrRequest(meta.query(0, 0), 1)).get(10, TimeUnit.SECONDS);
                assertEquals(1, reply.attr().ino(), "the second call went to the peer that answers");
            }
        }
    }
}
