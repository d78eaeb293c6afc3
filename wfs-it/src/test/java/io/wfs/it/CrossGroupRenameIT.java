package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.common.testing.Await;
import io.wfs.meta.cross.CrossGroupFaults;
import io.wfs.meta.ops.MkdirOp;
import io.wfs.meta.state.MetaStateMachine;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Renames over two meta groups (slots split in half; the root in g0) on three in-process nodes:
 * every placement of the source parent, destination parent, moved and replaced inodes; the
 * coordinator stopped before each step; directory renames racing to form a cycle. After each,
 * a checker walking both groups must find the namespace consistent once the sweeps have run.
 */
class CrossGroupRenameIT {
    private static final long ROOT = 1;
    private MiniCluster cluster;
    private MetaClient client;
    private int unique;
    /** The name each directory made by {@link #dirIn} got. */
    private final Map<Long, String> names = new HashMap<>();

    @BeforeEach
    void start() throws Exception {
        cluster = MiniCluster.builder().metaNodes(3).groups(2).set("meta.rename-lease-term", "2s").start();
        client = cluster.metaClient();
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private static byte[] n(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private String groupOf(long ino) {
        return cluster.slotMap().groupOfIno(ino).id();
    }

    /** A new directory under {@code parent} whose inode lives in {@code group}. */
    private long dirIn(long parent, String group) throws Exception {
        SlotMap map = cluster.slotMap();
        while (true) {
            String name = "d" + unique++;
            if (map.groupOfSlot(MkdirOp.targetSlot(parent, n(name))).id().equals(group)) {
                long dir = mkdir(parent, name);
                names.put(dir, name);
                return dir;
            }
        }
    }

    private long mkdir(long parent, String name) throws Exception {
        return client.call(new MkdirRequest(client.mutation(0, 0), parent, n(name), 0755)).get(60, TimeUnit.SECONDS).attr().ino();
    }

    private long file(long parent, String name) throws Exception {
        return client.call(new MknodRequest(client.mutation(0, 0), parent, n(name), Posix.S_IFREG | 0644, 0)).get(60, TimeUnit.SECONDS)
                .attr().ino();
    }

    private long lookup(long parent, String name) throws Exception {
        return client.call(new LookupRequest(client.query(0, 0), parent, n(name))).get(60, TimeUnit.SECONDS).attr().ino();
    }

    private InodeAttr stat(long ino) throws Exception {
        return client.call(new GetAttrRequest(client.query(0, 0), ino)).get(60, TimeUnit.SECONDS).attr();
    }

    private void rename(long srcParent, String srcName, long dstParent, String dstName, int flags) throws Exception {
        client.call(new RenameRequest(client.mutation(0, 0), srcParent, n(srcName), dstParent, n(dstName), flags))
                .get(60, TimeUnit.SECONDS);
    }

    private WfsException failure(CompletableFuture<?> f) {
        return WfsException.unwrap(assertThrows(ExecutionException.class, () -> f.get(60, TimeUnit.SECONDS)));
    }

    /** Each group's leader's state machine, or null while a group has none. */
    private Map<String, MetaStateMachine> leaders() throws Exception {
        Map<String, MetaStateMachine> out = new HashMap<>();
        for (SlotMap.Group g : cluster.slotMap().groups()) {
            int i = cluster.leaderOf(g.id());
            if (i < 0) {
                return null; // an election is running: look again
            }
            out.put(g.id(), ((InProcessMetaNode) cluster.meta(i)).server().replica(g.id()).machine());
        }
        return out;
    }

    private void awaitConsistent() throws Exception {
        AtomicReference<List<String>> problems = new AtomicReference<>(List.of("not checked"));
        Await.until(Duration.ofSeconds(30), () -> {
            Map<String, MetaStateMachine> leaders = leaders();
            problems.set(leaders == null ? List.of("a group has no leader") : new NamespaceChecker(cluster.slotMap(), leaders).check());
            return problems.get().isEmpty();
        }, () -> "namespace consistent after the sweep: " + problems.get());
    }

    private void setFaults(CrossGroupFaults faults) {
        for (int i = 0; i < cluster.metaCount(); i++) {
            ((InProcessMetaNode) cluster.meta(i)).server().setCrossGroupFaults(faults);
        }
    }

    @Test
    void everyPlacementOfTheFourInodesOverTwoGroups() throws Exception {
        String[] groups = {"g0", "g1"};
        int cases = 0;
        for (String sp : groups) {
            for (String dp : new String[] {"g0", "g1", "same"}) {
                for (String movedKind : new String[] {"file", "dir:g0", "dir:g1"}) {
                    for (String replacedKind : new String[] {"none", "file", "dir:g0", "dir:g1"}) {
                        for (int flags : new int[] {0, RenameRequest.EXCHANGE}) {
                            if (flags == RenameRequest.EXCHANGE && replacedKind.equals("none")) {
                                continue;
                            }
                            boolean sameType = movedKind.startsWith("dir") == replacedKind.startsWith("dir");
                            if (flags == 0 && !replacedKind.equals("none") && !sameType) {
                                continue;
                            }
                            String what = sp + "/" + dp + " " + movedKind + " over " + replacedKind + " flags " + flags;
                            long spDir = dirIn(ROOT, sp);
                            long dpDir = dp.equals("same") ? spDir : dirIn(ROOT, dp);
                            renameAndCheck(spDir, dpDir, movedKind, replacedKind, flags, what);
                            cases++;
                        }
                    }
                }
            }
        }
        // Per placement of the parents: a file moved (3 ways) or exchanged (2), a directory of each group
        // moved (3 ways each) or exchanged (3 each).
        assertEquals(2 * 3 * (3 + 2 + 2 * (3 + 3)), cases);
        awaitConsistent();
    }

    private long make(long parent, String name, String kind) throws Exception {
        if (kind.equals("file")) {
            return file(parent, name);
        }
        // Directories are placed by their name's hash: make one in the wanted group, then rename it.
        long d = dirIn(parent, kind.substring(4));
        rename(parent, names.get(d), parent, name, 0);
        return d;
    }

    private void renameAndCheck(long sp, long dp, String movedKind, String replacedKind, int flags, String what)
            throws Exception {
        long moved = make(sp, "src", movedKind);
        long replaced = replacedKind.equals("none") ? 0 : make(dp, "dst", replacedKind);
        rename(sp, "src", dp, "dst", flags);
        assertEquals(moved, lookup(dp, "dst"), what);
        if (flags == RenameRequest.EXCHANGE) {
            assertEquals(replaced, lookup(sp, "src"), what);
            if (replacedKind.startsWith("dir")) {
                assertEquals(sp, stat(replaced).parent(), what);
            }
        } else {
            assertEquals(WfsErrorCode.ENOENT, failure(client.call(new LookupRequest(client.query(0, 0), sp, n("src")))).code(),
                    what);
            if (replaced != 0) {
                assertEquals(WfsErrorCode.ENOENT, failure(client.call(new GetAttrRequest(client.query(0, 0), replaced))).code(),
                        what);
            }
        }
        if (movedKind.startsWith("dir")) {
            assertEquals(dp, stat(moved).parent(), what);
        }
        if (sp != dp) {
            assertEquals(2 + (movedKind.startsWith("dir") ? 1 : 0), stat(dp).nlink(), what);
            boolean dirCameBack = flags == RenameRequest.EXCHANGE && replacedKind.startsWith("dir");
            assertEquals(2 + (dirCameBack ? 1 : 0), stat(sp).nlink(), what);
        }
    }

    @Test
    void aCoordinatorStoppedBeforeEachStepIsFinishedOrUndoneByTheSweeps() throws Exception {
        // A directory of g1 moves from a g0 parent to a g1 parent over an empty directory of g0:
        // every step runs (lease, two locks, ancestor walk, target entry, source entry, resolve).
        long[] moved = new long[7];
        long[] replaced = new long[7];
        long[] src = new long[7];
        long[] dst = new long[7];
        for (int step = 1; step <= 6; step++) {
            src[step] = dirIn(ROOT, "g0");
            dst[step] = dirIn(ROOT, "g1");
            moved[step] = make(src[step], "m", "dir:g1");
            replaced[step] = make(dst[step], "r", "dir:g0");
        }
        for (int step = 1; step <= 6; step++) {
            int failAt = step;
            setFaults((operation, s) -> {
                if (operation.equals("rename") && s == failAt) {
                    throw new IllegalStateException("injected crash");
                }
            });
            var call = cluster.rpcClient().call(cluster.leaderAddress(groupOf(src[step])),
                    new RenameRequest(client.mutation(0, 0), src[step], n("m"), dst[step], n("r"), 0));
            if (step < 6) {
                assertEquals(WfsErrorCode.UNAVAILABLE, failure(call).code(), "stopped before step " + step);
            } else {
                // The source step recorded the client's outcome: the answer is that outcome; the
                // locks are still left to the sweep.
                call.get(60, TimeUnit.SECONDS);
            }
        }
        setFaults(CrossGroupFaults.NONE);
        awaitConsistent();
        for (int step = 1; step <= 6; step++) {
            boolean forward = step >= 5;
            String what = "stopped before step " + step;
            if (forward) {
                assertEquals(moved[step], lookup(dst[step], "r"), what);
                assertEquals(dst[step], stat(moved[step]).parent(), what);
                assertEquals(WfsErrorCode.ENOENT, failure(client.call(new LookupRequest(client.query(0, 0), src[step], n("m"))))
                        .code(), what);
            } else {
                assertEquals(moved[step], lookup(src[step], "m"), what);
                assertEquals(replaced[step], lookup(dst[step], "r"), what);
                assertEquals(src[step], stat(moved[step]).parent(), what);
            }
            // Unlocked and usable either way.
            file(moved[step], "after");
        }
        awaitConsistent();
    }

    @Test
    void aStormOfRenamesMkdirsRmdirsLinksAndUnlinksAcrossGroupsLeavesAConsistentNamespace() throws Exception {
        List<Long> homes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            homes.add(dirIn(ROOT, "g0"));
            homes.add(dirIn(ROOT, "g1"));
        }
        homes.add(ROOT);
        String[] entryNames = {"a", "b", "c", "d"};
        java.util.concurrent.atomic.AtomicInteger renamed = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 6; t++) {
            long seed = 77 + t;
            threads.add(new Thread(() -> {
                java.util.Random r = new java.util.Random(seed);
                for (int i = 0; i < 80; i++) {
                    long from = homes.get(r.nextInt(homes.size()));
                    long to = homes.get(r.nextInt(homes.size()));
                    String a = entryNames[r.nextInt(entryNames.length)];
                    String b = entryNames[r.nextInt(entryNames.length)];
                    try {
                        switch (r.nextInt(6)) {
                            case 0 -> mkdir(from, a);
                            case 1 -> client.call(new io.wfs.common.msg.meta.RmdirRequest(client.mutation(0, 0), from, n(a)))
                                    .get(60, TimeUnit.SECONDS);
                            case 2 -> file(from, a);
                            case 3 -> client.call(new io.wfs.common.msg.meta.LinkRequest(client.mutation(0, 0),
                                    lookup(from, a), to, n(b))).get(60, TimeUnit.SECONDS);
                            case 4 -> client.call(new io.wfs.common.msg.meta.UnlinkRequest(client.mutation(0, 0), from, n(a)))
                                    .get(60, TimeUnit.SECONDS);
                            default -> {
                                rename(from, a, to, b, r.nextInt(4) == 0 ? RenameRequest.EXCHANGE : 0);
                                renamed.incrementAndGet();
                            }
                        }
                    } catch (Exception e) {
                        // ENOENT, EEXIST, ENOTEMPTY, EINVAL, EISDIR...: the point of a storm over few names.
                    }
                    done.incrementAndGet();
                }
            }, "rename-storm-" + t));
        }
        // Leaders move during the storm: a step proposed by one leader may be committed by the next,
        // after a sweep asked about it (the failure this once found: a rename rolled back and
        // committed both, leaving the moved inode with two names).
        java.util.concurrent.atomic.AtomicBoolean storming = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.atomic.AtomicInteger moves = new java.util.concurrent.atomic.AtomicInteger();
        Thread mover = new Thread(() -> {
            String[] groups = {"g0", "g1"};
            for (int i = 0; storming.get(); i++) {
                try {
                    // A move every 20 operations of the storm (of 480), however fast the machine runs them.
                    int before = done.get();
                    Await.until(Duration.ofMinutes(4), () -> !storming.get() || done.get() >= before + 20,
                            "20 storm operations since the last leadership move");
                    if (storming.get() && cluster.moveLeadership(groups[i % 2])) {
                        moves.incrementAndGet();
                    }
                } catch (InterruptedException e) {
                    return;
                } catch (Exception e) {
                    // No leader right now (an election is running): try the other group next.
                }
            }
        }, "leader-mover");
        threads.forEach(Thread::start);
        mover.start();
        for (Thread t : threads) {
            t.join(240_000);
        }
        storming.set(false);
        mover.join(10_000);
        assertTrue(renamed.get() > 0, "some renames succeeded");
        assertTrue(moves.get() > 0, "leadership moved during the storm");
        awaitConsistent();
    }

    /**
     * Regression (found by the storm): a rename prepared its plan, then another rename moved the
     * same inode away before the first locked it. The first then committed its destination too and
     * the inode had two names (and later a dangling one). The first must see the change and fail.
     */
    @Test
    void aSourceMovedAwayBetweenPreparationAndLockIsNotRenamedTwice() throws Exception {
        long a = dirIn(ROOT, "g0");
        long b = dirIn(ROOT, "g1");
        long m = make(a, "m", "dir:g1");
        java.util.concurrent.atomic.AtomicBoolean interfered = new java.util.concurrent.atomic.AtomicBoolean();
        setFaults((operation, step) -> {
            if (operation.equals("rename") && step == 2 && interfered.compareAndSet(false, true)) {
                try {
                    rename(a, "m", a, "moved-meanwhile", 0);
                } catch (Exception e) {
                    throw new IllegalStateException("the interfering rename failed", e);
                }
            }
        });
        WfsException e = failure(client.call(new RenameRequest(client.mutation(0, 0), a, n("m"), b, n("m2"), 0)));
        setFaults(CrossGroupFaults.NONE);
        assertTrue(interfered.get());
        assertEquals(WfsErrorCode.ENOENT, e.code(), "the resend finds the source gone");
        assertEquals(m, lookup(a, "moved-meanwhile"));
        assertEquals(WfsErrorCode.ENOENT, failure(client.call(new LookupRequest(client.query(0, 0), b, n("m2")))).code());
        assertEquals(a, stat(m).parent());
        awaitConsistent();
    }

    @Test
    void aRetriedCrossGroupRenameIsAnsweredOnce() throws Exception {
        long a = dirIn(ROOT, "g0");
        long b = dirIn(ROOT, "g1");
        long m = make(a, "m", "dir:g1");
        RenameRequest request = new RenameRequest(client.mutation(0, 0), a, n("m"), b, n("m2"), 0);
        client.call(request).get(60, TimeUnit.SECONDS);
        client.call(request).get(60, TimeUnit.SECONDS);
        assertEquals(m, lookup(b, "m2"));
        awaitConsistent();
    }

    /**
     * A resend of a rename that arrives while its first run is still going (the client's call
     * timed out while a step waited out a failover) passes the replay check, then finds the first
     * run's work done: its source name is gone. It must be answered as the first run was, not with
     * ENOENT (the chaos run, seed 19: "acknowledged name answered ENOENT" on a rename).
     */
    @Test
    void aResendRacingItsFirstRunIsAnsweredAsTheFirstRunWas() throws Exception {
        long a = dirIn(ROOT, "g0");
        long b = dirIn(ROOT, "g1");
        long m = file(a, "m");
        java.util.concurrent.CountDownLatch firstAtStep5 = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch secondPastReplayCheck = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch firstAnswered = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger starts = new java.util.concurrent.atomic.AtomicInteger();
        setFaults((operation, step) -> {
            if (!operation.equals("rename")) {
                return;
            }
            try {
                if (step == 0 && starts.incrementAndGet() == 2) {
                    // The resend, past the replay check: the first run's source step is not applied yet.
                    secondPastReplayCheck.countDown();
                    if (!firstAnswered.await(30, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the first run was never answered");
                    }
                } else if (step == 5 && firstAtStep5.getCount() == 1) {
                    firstAtStep5.countDown();
                    if (!secondPastReplayCheck.await(30, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the resend never started");
                    }
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        RenameRequest request = new RenameRequest(client.mutation(0, 0), a, n("m"), b, n("m2"), 0);
        var to = cluster.leaderAddress(groupOf(a));
        // A raw client with a long deadline: the first run waits at step 5 for the resend.
        var first = cluster.rpcClient().call(to, request, Duration.ofSeconds(60));
        assertTrue(firstAtStep5.await(30, TimeUnit.SECONDS), "the first run reached its source step");
        var second = cluster.rpcClient().call(to, request, Duration.ofSeconds(60));
        first.get(60, TimeUnit.SECONDS);
        firstAnswered.countDown();
        second.get(60, TimeUnit.SECONDS);
        setFaults(CrossGroupFaults.NONE);
        assertEquals(2, starts.get(), "both runs started");
        assertEquals(m, lookup(b, "m2"));
        awaitConsistent();
    }

    /**
     * Regression (found by the storm): a resend of an exchange whose parents are in one group,
     * started after the first run was answered, finds both names again (swapped) and plans the
     * exchange back. Its entry step, proposed under the client's (session, seq), is answered from
     * the first run's record without running; taking that for its own commit, it resolved its
     * locks as committed and gave both directories the parent pointers of an exchange that never
     * happened. It must see that its step did not run and undo its locks.
     */
    @Test
    void aResendOfAnExchangeAnsweredFromTheRecordChangesNothing() throws Exception {
        resendOfAnExchangeAfterTheFirstRun("g0");
        // Parents in two groups: the destination's step is answered from its record there.
        resendOfAnExchangeAfterTheFirstRun("g1");
    }

    private void resendOfAnExchangeAfterTheFirstRun(String destinationGroup) throws Exception {
        long a = dirIn(ROOT, "g0");
        long c = dirIn(ROOT, destinationGroup);
        long x = dirIn(a, "g1");
        long y = dirIn(c, "g1");
        String xName = names.get(x);
        String yName = names.get(y);
        java.util.concurrent.CountDownLatch firstAnswered = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicInteger starts = new java.util.concurrent.atomic.AtomicInteger();
        setFaults((operation, step) -> {
            if (operation.equals("rename") && step == 0 && starts.incrementAndGet() == 2) {
                try {
                    // The resend, past the replay check, plans only after the first run was answered.
                    if (!firstAnswered.await(30, TimeUnit.SECONDS)) {
                        throw new IllegalStateException("the first run was never answered");
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        RenameRequest request = new RenameRequest(client.mutation(0, 0), a, n(xName), c, n(yName), RenameRequest.EXCHANGE);
        var to = cluster.leaderAddress(groupOf(a));
        var first = cluster.rpcClient().call(to, request, Duration.ofSeconds(60));
        var second = cluster.rpcClient().call(to, request, Duration.ofSeconds(60));
        // Whichever run reached step 0 first is answered first; the other waits for that.
        java.util.concurrent.CompletableFuture.anyOf(first, second).get(60, TimeUnit.SECONDS);
        firstAnswered.countDown();
        first.get(60, TimeUnit.SECONDS);
        second.get(60, TimeUnit.SECONDS);
        setFaults(CrossGroupFaults.NONE);
        assertEquals(2, starts.get(), "both runs started");
        assertEquals(y, lookup(a, xName), "exchanged once");
        assertEquals(x, lookup(c, yName));
        assertEquals(c, stat(x).parent(), "x lives in c");
        assertEquals(a, stat(y).parent(), "y lives in a");
        awaitConsistent();
    }

    @Test
    void directoryRenamesRacingToFormACycleLetExactlyOneThrough() throws Exception {
        for (int round = 0; round < 6; round++) {
            long x = dirIn(ROOT, "g0");
            long y = dirIn(ROOT, "g1");
            String xName = names.get(x);
            String yName = names.get(y);
            var first = client.call(new RenameRequest(client.mutation(0, 0), ROOT, n(xName), y, n("x"), 0));
            var second = client.call(new RenameRequest(client.mutation(0, 0), ROOT, n(yName), x, n("y"), 0));
            List<WfsErrorCode> outcomes = new ArrayList<>();
            for (var f : List.of(first, second)) {
                try {
                    f.get(60, TimeUnit.SECONDS);
                    outcomes.add(null);
                } catch (ExecutionException e) {
                    outcomes.add(WfsException.unwrap(e).code());
                }
            }
            long succeeded = outcomes.stream().filter(o -> o == null).count();
            assertEquals(1, succeeded, "round " + round + ": " + outcomes);
            assertTrue(outcomes.contains(WfsErrorCode.EINVAL), "round " + round + ": " + outcomes);
        }
        awaitConsistent();
    }
}
