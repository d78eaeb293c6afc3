package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.rpc.client.RpcClient;
import io.wfs.common.testing.Await;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.ops.MkdirOp;
import io.wfs.meta.state.MetaStateMachine;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two meta groups (slots split in half) on three in-process nodes: directories land in the
 * group their slot hash picks, so mkdir and rmdir often span both groups and run the lock-flag
 * protocol. After storms and after coordinator crashes at every step, the sweep must leave a
 * namespace the checker finds consistent.
 */
class CrossGroupIT {
    private static final long ROOT = 1;
    private MiniCluster cluster;

    @BeforeEach
    void start() throws Exception {
        cluster = MiniCluster.builder().metaNodes(3).groups(2).start();
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private static byte[] n(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private boolean crossesGroups(long parent, String name) {
        SlotMap map = cluster.slotMap();
        return !map.groupOfSlot(MkdirOp.targetSlot(parent, n(name))).id().equals(map.groupOfIno(parent).id());
    }

    private List<String> crossGroupNames(long parent, String prefix, int count) {
        List<String> names = new ArrayList<>();
        for (int i = 0; names.size() < count; i++) {
            if (crossesGroups(parent, prefix + i)) {
                names.add(prefix + i);
            }
        }
        return names;
    }

    private Map<String, MetaStateMachine> leaders() throws Exception {
        Map<String, MetaStateMachine> out = new HashMap<>();
        for (SlotMap.Group g : cluster.slotMap().groups()) {
            int i = cluster.leaderOf(g.id());
            out.put(g.id(), ((InProcessMetaNode) cluster.meta(i)).server().replica(g.id()).machine());
        }
        return out;
    }

    private void awaitConsistent() throws Exception {
        AtomicReference<List<String>> problems = new AtomicReference<>(List.of("not checked"));
        Await.until(Duration.ofSeconds(30), () -> {
            problems.set(new NamespaceChecker(cluster.slotMap(), leaders()).check());
            return problems.get().isEmpty();
        }, () -> "namespace consistent after the sweep: " + problems.get());
    }

    private void setFaults(io.wfs.meta.cross.CrossGroupFaults faults) {
        for (int i = 0; i < cluster.metaCount(); i++) {
            ((InProcessMetaNode) cluster.meta(i)).server().setCrossGroupFaults(faults);
        }
    }

    @Test
    void concurrentCrossGroupMkdirAndRmdirLeaveAConsistentNamespace() throws Exception {
        MetaClient client = cluster.metaClient();
        List<String> names = crossGroupNames(ROOT, "s", 12);
        AtomicInteger crossed = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            long seed = 1000 + t;
            threads.add(new Thread(() -> {
                Random r = new Random(seed);
                for (int i = 0; i < 60; i++) {
                    String name = names.get(r.nextInt(names.size()));
                    try {
                        if (r.nextBoolean()) {
                            long dir = client.call(new MkdirRequest(client.mutation(0, 0), ROOT, n(name), 0755))
                                    .get(60, TimeUnit.SECONDS).attr().ino();
                            crossed.incrementAndGet();
                            client.call(new MknodRequest(client.mutation(0, 0), dir, n("f"), Posix.S_IFREG | 0644, 0)).get(60, TimeUnit.SECONDS);
                        } else {
                            client.call(new RmdirRequest(client.mutation(0, 0), ROOT, n(name))).get(60, TimeUnit.SECONDS);
                        }
                    } catch (Exception e) {
                        // EEXIST, ENOENT, ENOTEMPTY are the point of a storm over a few names.
                    }
                }
            }, "storm-" + t));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join(120_000);
        }
        assertTrue(crossed.get() > 0, "some cross-group mkdirs succeeded");
        awaitConsistent();
    }

    @Test
    void aCoordinatorStoppedBeforeAnyStepIsRepairedByTheSweep() throws Exception {
        MetaClient client = cluster.metaClient();
        List<String> names = crossGroupNames(ROOT, "c", 6);
        for (int k = 3; k < 6; k++) {
            client.call(new MkdirRequest(client.mutation(0, 0), ROOT, n(names.get(k)), 0755)).get(60, TimeUnit.SECONDS);
        }
        InetSocketAddress to = cluster.leaderAddress("g0");
        RpcClient raw = cluster.rpcClient();
        for (int step = 1; step <= 3; step++) {
            int failAt = step;
            setFaults((operation, s) -> {
                if (s == failAt) {
                    throw new IllegalStateException("injected crash");
                }
            });
            String mkdirName = names.get(step - 1);
            var mkdir = raw.call(to, new MkdirRequest(client.mutation(0, 0), ROOT, n(mkdirName), 0755));
            String rmdirName = names.get(step + 2);
            var rmdir = raw.call(to, new RmdirRequest(client.mutation(0, 0), ROOT, n(rmdirName)));
            if (step < 3) {
                assertEquals(WfsErrorCode.UNAVAILABLE, failure(mkdir).code());
                assertEquals(WfsErrorCode.UNAVAILABLE, failure(rmdir).code());
            } else {
                // Stopped before step 3: the entry change is done and answered; the lock waits for the sweep.
                mkdir.get(10, TimeUnit.SECONDS);
                rmdir.get(10, TimeUnit.SECONDS);
            }
        }
        setFaults(io.wfs.meta.cross.CrossGroupFaults.NONE);
        awaitConsistent();
        // mkdir stopped before step 1 or 2: no directory; before step 3: the directory, unlocked and usable.
        assertEquals(WfsErrorCode.ENOENT, failure(client.call(new LookupRequest(client.query(0, 0), ROOT, n(names.get(0))))).code());
        assertEquals(WfsErrorCode.ENOENT, failure(client.call(new LookupRequest(client.query(0, 0), ROOT, n(names.get(1))))).code());
        long made = client.call(new LookupRequest(client.query(0, 0), ROOT, n(names.get(2)))).get(60, TimeUnit.SECONDS).attr().ino();
        client.call(new MknodRequest(client.mutation(0, 0), made, n("inside"), Posix.S_IFREG | 0644, 0)).get(60, TimeUnit.SECONDS);
        // rmdir stopped before step 1 or 2: the directory stays, unlocked; before step 3: it is gone.
        for (int k = 3; k <= 4; k++) {
            long kept = client.call(new LookupRequest(client.query(0, 0), ROOT, n(names.get(k)))).get(60, TimeUnit.SECONDS).attr().ino();
            client.call(new MknodRequest(client.mutation(0, 0), kept, n("inside"), Posix.S_IFREG | 0644, 0)).get(60, TimeUnit.SECONDS);
        }
        assertEquals(WfsErrorCode.ENOENT, failure(client.call(new LookupRequest(client.query(0, 0), ROOT, n(names.get(5))))).code());
        awaitConsistent();
    }

    @Test
    void aCoordinatorStoppedDuringLinkOrUnlinkIsRepairedByTheSweep() throws Exception {
        MetaClient client = cluster.metaClient();
        long home = client.call(new MkdirRequest(client.mutation(0, 0), ROOT, n(crossGroupNames(ROOT, "home", 1).get(0)), 0777))
                .get(60, TimeUnit.SECONDS).attr().ino();
        long[] linkTargets = new long[4];
        long[] unlinkTargets = new long[4];
        for (int k = 1; k <= 3; k++) {
            linkTargets[k] = client.call(new MknodRequest(client.mutation(0, 0), home, n("l" + k), Posix.S_IFREG | 0644, 0))
                    .get(60, TimeUnit.SECONDS).attr().ino();
            unlinkTargets[k] = client.call(new MknodRequest(client.mutation(0, 0), home, n("u" + k), Posix.S_IFREG | 0644, 0))
                    .get(60, TimeUnit.SECONDS).attr().ino();
            // A cross-group hard link in the root, to be unlinked below.
            client.call(new io.wfs.common.msg.meta.LinkRequest(client.mutation(0, 0), unlinkTargets[k], ROOT, n("ualias" + k)))
                    .get(60, TimeUnit.SECONDS);
        }
        InetSocketAddress to = cluster.leaderAddress("g0");
        RpcClient raw = cluster.rpcClient();
        for (int step = 1; step <= 3; step++) {
            int failAt = step;
            setFaults((operation, s) -> {
                if (s == failAt) {
                    throw new IllegalStateException("injected crash");
                }
            });
            var link = raw.call(to, new io.wfs.common.msg.meta.LinkRequest(client.mutation(0, 0), linkTargets[step], ROOT,
                    n("lalias" + step)));
            var unlink = raw.call(to, new io.wfs.common.msg.meta.UnlinkRequest(client.mutation(0, 0), ROOT, n("ualias" + step)));
            if (step < 3) {
                assertEquals(WfsErrorCode.UNAVAILABLE, failure(link).code());
                assertEquals(WfsErrorCode.UNAVAILABLE, failure(unlink).code());
            } else {
                link.get(10, TimeUnit.SECONDS);
                unlink.get(10, TimeUnit.SECONDS);
            }
        }
        setFaults(io.wfs.meta.cross.CrossGroupFaults.NONE);
        awaitConsistent();
        for (int k = 1; k <= 3; k++) {
            int linkNlink = client.call(new io.wfs.common.msg.meta.GetAttrRequest(client.query(0, 0), linkTargets[k]))
                    .get(60, TimeUnit.SECONDS).attr().nlink();
            int unlinkNlink = client.call(new io.wfs.common.msg.meta.GetAttrRequest(client.query(0, 0), unlinkTargets[k]))
                    .get(60, TimeUnit.SECONDS).attr().nlink();
            assertEquals(k == 3 ? 2 : 1, linkNlink, "link stopped before step " + k);
            assertEquals(k == 3 ? 1 : 2, unlinkNlink, "unlink stopped before step " + k);
        }
    }

    /**
     * Regression (found by the rename storm): a resend of a cross-group link or unlink that passed
     * the replay check while the first run was still at step 2, then locked the inode after the
     * first run had resolved. Its step 2 was answered from the first run's record and changed
     * nothing, yet it committed its own lock: a second link count for one entry, or a file (later a
     * directory made under the same name) deleted while an entry still named it.
     */
    @Test
    void aResendRacingItsFirstRunLeavesLinkCountsRight() throws Exception {
        MetaClient client = cluster.metaClient();
        long home = client.call(new MkdirRequest(client.mutation(0, 0), ROOT, n(crossGroupNames(ROOT, "race", 1).get(0)), 0777))
                .get(60, TimeUnit.SECONDS).attr().ino();
        long linked = client.call(new MknodRequest(client.mutation(0, 0), home, n("l"), Posix.S_IFREG | 0644, 0))
                .get(60, TimeUnit.SECONDS).attr().ino();
        long unlinked = client.call(new MknodRequest(client.mutation(0, 0), home, n("u"), Posix.S_IFREG | 0644, 0))
                .get(60, TimeUnit.SECONDS).attr().ino();
        client.call(new LinkRequest(client.mutation(0, 0), unlinked, ROOT, n("ualias"))).get(60, TimeUnit.SECONDS);
        String homeGroup = cluster.slotMap().groupOfIno(home).id();
        String rootGroup = cluster.slotMap().groupOfIno(ROOT).id();
        // The second run waits on its request's event loop; the first run's steps in the other group
        // must not need that node.
        Await.until(Duration.ofSeconds(30), () -> {
            int homeLeader = cluster.leaderOf(homeGroup);
            int rootLeader = cluster.leaderOf(rootGroup);
            if (homeLeader >= 0 && rootLeader >= 0 && homeLeader == rootLeader) {
                cluster.moveLeadership(homeGroup);
            }
            return homeLeader >= 0 && rootLeader >= 0 && homeLeader != rootLeader;
        }, "the two groups led by different nodes");

        raceTwoRuns("link", linked, new LinkRequest(client.mutation(0, 0), linked, ROOT, n("lalias")));
        raceTwoRuns("unlink", unlinked, new UnlinkRequest(client.mutation(0, 0), ROOT, n("ualias")));

        awaitConsistent();
        assertEquals(2, client.call(new GetAttrRequest(client.query(0, 0), linked)).get(60, TimeUnit.SECONDS).attr().nlink());
        assertEquals(1, client.call(new GetAttrRequest(client.query(0, 0), unlinked)).get(60, TimeUnit.SECONDS).attr().nlink());
        assertEquals(unlinked, client.call(new LookupRequest(client.query(0, 0), home, n("u"))).get(60, TimeUnit.SECONDS).attr().ino());
    }

    /**
     * Sends {@code request} twice with one (session, seq): the first run waits before its step 2
     * until the second reached its step 1 (past the replay check); the second waits there until
     * the first run resolved its lock. Both must be answered with the first run's outcome.
     */
    private void raceTwoRuns(String operation, long ino, io.wfs.common.msg.meta.MetaRequest<?> request) throws Exception {
        java.util.concurrent.CountDownLatch secondAtStep1 = new java.util.concurrent.CountDownLatch(1);
        AtomicInteger step1 = new AtomicInteger();
        AtomicInteger step2 = new AtomicInteger();
        String inoGroup = cluster.slotMap().groupOfIno(ino).id();
        setFaults((op, step) -> {
            if (!op.equals(operation)) {
                return;
            }
            try {
                if (step == 1 && step1.incrementAndGet() == 2) {
                    secondAtStep1.countDown();
                    Await.until(Duration.ofSeconds(20), () -> unlocked(inoGroup, ino), "the first run resolved its lock");
                } else if (step == 2 && step2.incrementAndGet() == 1
                        && !secondAtStep1.await(20, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the second run never reached step 1");
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        InetSocketAddress to = cluster.leaderAddress(cluster.slotMap().groupOfIno(request.routingIno()).id());
        RpcClient raw = cluster.rpcClient();
        var first = raw.call(to, request);
        var second = raw.call(to, request);
        first.get(60, TimeUnit.SECONDS);
        second.get(60, TimeUnit.SECONDS);
        setFaults(io.wfs.meta.cross.CrossGroupFaults.NONE);
        assertEquals(2, step1.get(), operation + ": both runs reached step 1");
    }

    private boolean unlocked(String group, long ino) throws Exception {
        MetaStateMachine m = leaders().get(group);
        return m.read(ns -> {
            InodeAttributes a = new InodeAttributes();
            ns.getAttributes(ino, a);
            return !a.locked();
        });
    }

    @Test
    void aRetriedCrossGroupMkdirIsAnsweredOnce() throws Exception {
        MetaClient client = cluster.metaClient();
        String name = crossGroupNames(ROOT, "r", 1).get(0);
        MkdirRequest request = new MkdirRequest(client.mutation(0, 0), ROOT, n(name), 0755);
        long first = client.call(request).get(60, TimeUnit.SECONDS).attr().ino();
        long again = client.call(request).get(60, TimeUnit.SECONDS).attr().ino();
        assertEquals(first, again, "the retry is answered from the session record");
        awaitConsistent();
    }

    private static WfsException failure(java.util.concurrent.CompletableFuture<?> f) {
        return WfsException.unwrap(assertThrows(ExecutionException.class, () -> f.get(60, TimeUnit.SECONDS)));
    }
}
