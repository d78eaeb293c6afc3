package io.wfs.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alipay.sofa.jraft.Node;
import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.entity.Task;
import com.codahale.metrics.MetricRegistry;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Batching, made deterministic: the executor runs the drainer only when the test says so, and
 * a stand-in for jraft's {@link Node} (a third-party interface) records the submitted tasks.
 */
class ProposalBatcherTest {
    private final ArrayDeque<Runnable> pendingDrains = new ArrayDeque<>();
    private final List<Task> submitted = new ArrayList<>();
    private final Node node = (Node) Proxy.newProxyInstance(Node.class.getClassLoader(), new Class<?>[] {Node.class},
            (proxy, method, args) -> {
                if (method.getName().equals("apply")) {
                    submitted.add((Task) args[0]);
                    return null;
                }
                throw new UnsupportedOperationException(method.getName());
            });
    private final RaftMetrics metrics = new RaftMetrics(new MetricRegistry(), "t", () -> true, () -> 0);

    private static List<String> commandsOf(Task task) {
        ByteBuffer data = task.getData().duplicate();
        List<String> out = new ArrayList<>();
        for (int i = 0, n = CommandBatch.readCount(data); i < n; i++) {
            ByteBuffer c = CommandBatch.next(data);
            byte[] b = new byte[c.remaining()];
            c.get(b);
            out.add(new String(b, StandardCharsets.UTF_8));
        }
        return out;
    }

    @Test
    void aBurstIsPackedIntoFullEntriesInProposalOrder() {
        ProposalBatcher batcher = new ProposalBatcher(node, 64, 1 << 20, pendingDrains::add, metrics);
        for (int i = 0; i < 100; i++) {
            batcher.propose(new Proposal(("c" + i).getBytes(StandardCharsets.UTF_8)));
        }
        assertEquals(1, pendingDrains.size(), "one drainer at a time");
        pendingDrains.poll().run();
        assertEquals(2, submitted.size());
        assertEquals(64, commandsOf(submitted.get(0)).size());
        List<String> all = new ArrayList<>(commandsOf(submitted.get(0)));
        all.addAll(commandsOf(submitted.get(1)));
        for (int i = 0; i < 100; i++) {
            assertEquals("c" + i, all.get(i));
        }
        assertTrue(pendingDrains.isEmpty());
    }

    @Test
    void theByteLimitSplitsEntriesButAnOversizedCommandStillLeavesAlone() {
        ProposalBatcher batcher = new ProposalBatcher(node, 64, 10, pendingDrains::add, metrics);
        batcher.propose(new Proposal(new byte[4]));
        batcher.propose(new Proposal(new byte[4]));
        batcher.propose(new Proposal(new byte[4]));
        batcher.propose(new Proposal(new byte[50]));
        pendingDrains.poll().run();
        assertEquals(List.of(2, 1, 1), submitted.stream().map(t -> commandsOf(t).size()).toList());
    }

    @Test
    void resultsAndFailuresReachEachProposer() throws Exception {
        ProposalBatcher batcher = new ProposalBatcher(node, 64, 1 << 20, pendingDrains::add, metrics);
        Proposal a = new Proposal(new byte[1]);
        Proposal b = new Proposal(new byte[1]);
        batcher.propose(a);
        batcher.propose(b);
        pendingDrains.poll().run();
        BatchClosure closure = (BatchClosure) submitted.get(0).getDone();
        closure.setResult(0, "first");
        closure.setResult(1, new io.wfs.common.error.WfsException(io.wfs.common.error.WfsErrorCode.ENOENT, "gone"));
        closure.run(Status.OK());
        assertEquals("first", a.result().get());
        assertTrue(b.result().isCompletedExceptionally());

        Proposal c = new Proposal(new byte[1]);
        batcher.propose(c);
        pendingDrains.poll().run();
        ((BatchClosure) submitted.get(1).getDone()).run(new Status(com.alipay.sofa.jraft.error.RaftError.EPERM, "stepped down"));
        CompletableFuture<Object> f = c.result();
        assertEquals(io.wfs.common.error.WfsErrorCode.NOT_LEADER,
                io.wfs.common.error.WfsException.unwrap(org.junit.jupiter.api.Assertions.assertThrows(
                        java.util.concurrent.ExecutionException.class, f::get)).code());
    }
}
