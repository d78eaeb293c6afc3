package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.cli.fsck.FsckReport;
import io.wfs.cli.fsck.NamespaceCheck;
import io.wfs.cli.fsck.NamespaceRepair;
import io.wfs.cli.fsck.NamespaceScan;
import io.wfs.cli.fsck.Problem;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.RepairInodeReply;
import io.wfs.common.msg.meta.RepairInodeRequest;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.ScanInodesRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.testing.Await;
import io.wfs.common.route.MetaClient;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.InodeFlags;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.namespace.SlotState;
import io.wfs.meta.ops.MetaContext;
import io.wfs.meta.server.MetaGroupReplica;
import io.wfs.meta.state.MetaStateMachine;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code wfs fsck}'s scan and check against two real meta groups: a namespace built through the
 * client is clean; then damage written straight into the leaders' state (a test hook: the
 * replicas are not told, the cluster is thrown away) is reported, each kind as itself. Small
 * scan pages, so directories and slots span several pages.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class FsckIT {
    private static final long ROOT = 1;
    private static final long HOUR_NS = 3_600_000_000_000L;
    private MiniCluster cluster;
    private MetaClient client;

    @BeforeEach
    void start() throws Exception {
        cluster = MiniCluster.builder().metaNodes(3).groups(2).start();
        client = cluster.metaClient();
    }

    @AfterEach
    void stop() throws Exception {
        cluster.close();
    }

    private static byte[] n(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private FsckReport fsck() {
        NamespaceCheck check = new NamespaceCheck(MetaContext.LOCK_EXPIRY_NS + 10_000_000_000L);
        new NamespaceScan(client, cluster.slotMap(), 3, ScanInodesRequest.MAX_ENTRIES).run(check, null, n -> { });
        return check.finish();
    }

    private MetaStateMachine leader(long ino) throws Exception {
        String group = cluster.slotMap().groupOfIno(ino).id();
        return ((InProcessMetaNode) cluster.meta(cluster.leaderOf(group))).server().replica(group).machine();
    }

    /** Changes the state of the group owning {@code ino} on its leader only, under the state lock. */
    private void damage(long ino, Consumer<MetaContext> change) throws Exception {
        change(leader(ino), change);
    }

    private static void change(MetaStateMachine m, Consumer<MetaContext> change) {
        m.inspect(MetaHeader.root(), MetaGroupReplica.nowNs(), ctx -> {
            change.accept(ctx);
            return null;
        });
    }


    /** The replicas of the group owning {@code ino}, leader first. */
    private List<MetaStateMachine> replicasOf(long ino) throws Exception {
        String group = cluster.slotMap().groupOfIno(ino).id();
        List<MetaStateMachine> all = new ArrayList<>(List.of(leader(ino)));
        for (int i = 0; i < cluster.metaCount(); i++) {
            MetaGroupReplica r = ((InProcessMetaNode) cluster.meta(i)).server().replica(group);
            if (r != null && !all.contains(r.machine())) {
                all.add(r.machine());
            }
        }
        return all;
    }

    /** The same change on every replica of the group owning {@code ino}, as if the log had carried it. */
    private void damageEverywhere(long ino, Consumer<MetaContext> change) throws Exception {
        List<MetaStateMachine> replicas = replicasOf(ino);
        // A follower may not have applied the last entries yet: the change must meet the same state everywhere.
        Await.until(Duration.ofSeconds(30), () -> replicas.stream().map(MetaStateMachine::digest).distinct().count() == 1,
                "every replica of the group of " + InodeNumbers.toString(ino) + " in the same state");
        for (MetaStateMachine m : replicas) {
            change(m, change);
        }
    }

    /**
     * {@code --repair} of the namespace: a lock no intent explains is cleared, an expired cross-group
     * lock is finished by the sweep's steps (undone: the other group holds no receipt), and a file
     * without links nobody lists or holds is deleted; each through the log, so every replica ends
     * equal; the next check is clean. A repair of a healthy inode does nothing and says why; a
     * caller who is not root is refused.
     */
    @Test
    void repairFixesLocksAndFilesWithoutLinksOnEveryReplica() throws Exception {
        long dirA = client.call(new MkdirRequest(client.mutation(0, 0), ROOT, n("a"), 0755)).get(30, TimeUnit.SECONDS)
                .attr().ino();
        String groupA = cluster.slotMap().groupOfIno(dirA).id();
        long dirB = dirA;
        for (int d = 0; cluster.slotMap().groupOfIno(dirB).id().equals(groupA); d++) {
            dirB = client.call(new MkdirRequest(client.mutation(0, 0), ROOT, n("b" + d), 0755))
                    .get(30, TimeUnit.SECONDS).attr().ino();
        }
        long[] files = new long[3];
        for (int f = 0; f < files.length; f++) {
            files[f] = client.call(new MknodRequest(client.mutation(0, 0), dirA, n("f" + f), Posix.S_IFREG | 0644, 0))
                    .get(30, TimeUnit.SECONDS).attr().ino();
        }
        long lockedNoIntent = files[0];
        long expired = files[1];
        long healthy = files[2];
        long bDir = dirB;
        damageEverywhere(lockedNoIntent, ctx -> ctx.slotOf(lockedNoIntent).setFlags(lockedNoIntent, InodeFlags.LOCK));
        // As in the test above: an intent an hour ahead of the sweep's clock, the leader's clock two hours ahead.
        long lockTime = MetaGroupReplica.nowNs() + HOUR_NS;
        damageEverywhere(expired, ctx -> {
            ctx.slotOf(expired).setFlags(expired, InodeFlags.LOCK);
            ctx.intents().put(new LockIntents.Intent(expired, LockIntents.REMOVE, bDir, n("x"), lockTime));
        });
        leader(expired).setWallClock(() -> MetaGroupReplica.nowNs() + 2 * HOUR_NS);
        long[] leaked = new long[1];
        damageEverywhere(dirA, ctx -> {
            SlotState slot = ctx.slotOf(dirA);
            leaked[0] = slot.createInode(Posix.S_IFREG | 0644, 0, 0, dirA, 1);
            slot.setNlink(leaked[0], 0);
        });
        long unlinked = leaked[0];
        // A listed orphan no session holds, which this leader was never told to release.
        long orphan = client.call(new MknodRequest(client.mutation(0, 0), dirA, n("o"), Posix.S_IFREG | 0644, 0))
                .get(30, TimeUnit.SECONDS).attr().ino();
        damageEverywhere(dirA, ctx -> {
            ctx.slotOf(dirA).removeEntry(dirA, n("o"));
            ctx.slotOf(orphan).setNlink(orphan, 0);
            ctx.clients().openFiles().orphan(orphan);
        });

        NamespaceCheck check = new NamespaceCheck(MetaContext.LOCK_EXPIRY_NS + 10_000_000_000L);
        new NamespaceScan(client, cluster.slotMap(), 3, ScanInodesRequest.MAX_ENTRIES).run(check, null, n -> { });
        FsckReport report = check.finish();
        assertEquals(EnumSet.of(Problem.LOCK_WITHOUT_INTENT, Problem.EXPIRED_LOCK, Problem.UNTRACKED_ORPHAN,
                Problem.UNHELD_ORPHAN), report.found(), report.toText());
        new NamespaceRepair(client).run(check.repairable(), report);
        check.close();
        assertEquals(4, report.repairedCount(), report.toText());
        assertEquals(0, report.repairFailedCount(), report.toText());
        String text = report.toText();
        assertTrue(text.contains("REPAIRED: inode " + InodeNumbers.toString(lockedNoIntent) + ": lock flag without intent cleared"), text);
        assertTrue(text.contains("REPAIRED: inode " + InodeNumbers.toString(expired) + ": expired lock finished: the operation was undone"), text);
        assertTrue(text.contains("REPAIRED: inode " + InodeNumbers.toString(unlinked) + ": file without links deleted"), text);

        FsckReport after = fsck();
        assertTrue(after.clean(), after.toText());
        assertTrue(text.contains("REPAIRED: inode " + InodeNumbers.toString(orphan) + ": file without links deleted"), text);
        for (long ino : new long[] {lockedNoIntent, expired, unlinked, orphan}) {
            List<MetaStateMachine> replicas = replicasOf(ino);
            Await.until(Duration.ofSeconds(30), () -> replicas.stream().map(MetaStateMachine::digest).distinct().count() == 1,
                    () -> "every replica of the group of " + InodeNumbers.toString(ino) + " applied the repair alike");
        }
        assertEquals(false, leader(unlinked).inspect(MetaHeader.root(), MetaGroupReplica.nowNs(),
                ctx -> ctx.namespace().contains(unlinked)), "the file without links is gone");

        // A second pass finds nothing left to do, and says so for each inode: counted as not repaired.
        FsckReport again = new FsckReport();
        new NamespaceRepair(client).run(it.unimi.dsi.fastutil.longs.LongArrayList.of(unlinked, lockedNoIntent), again);
        assertEquals(0, again.repairedCount(), again.toText());
        assertEquals(2, again.repairFailedCount(), again.toText());
        assertTrue(again.toText().contains("REPAIR FAILED: inode " + InodeNumbers.toString(unlinked) + ": inode "
                + InodeNumbers.toString(unlinked) + " does not exist (any more)"), again.toText());
        assertTrue(again.toText().contains("nothing this repair fixes"), again.toText());

        RepairInodeReply nothing = client.call(new RepairInodeRequest(client.mutation(0, 0), healthy)).get(30, TimeUnit.SECONDS);
        assertEquals(RepairInodeReply.NOTHING, nothing.outcome());
        assertTrue(nothing.detail().contains("nothing this repair fixes"), nothing.detail());
        WfsException refused = WfsException.unwrap(assertThrows(Exception.class,
                () -> client.call(new RepairInodeRequest(client.mutation(1000, 1000), healthy)).get(30, TimeUnit.SECONDS)));
        assertEquals(WfsErrorCode.EPERM, refused.code(), refused.getMessage());
    }

    private long mkdir(long parent, String name) throws Exception {
        return client.call(new MkdirRequest(client.mutation(0, 0), parent, n(name), 0755)).get(30, TimeUnit.SECONDS)
                .attr().ino();
    }

    /**
     * The damage to the tree of directories, and an orphan nobody holds, injected into the leaders'
     * state: a directory named twice, a parent pointer that is wrong, a cycle cut off from the root
     * (each of its two directories reported), an orphan no session holds open.
     */
    @Test
    void damagedDirectoriesAndAnUnheldOrphanAreReportedEachAsItself() throws Exception {
        long p = mkdir(ROOT, "p");
        long q = mkdir(p, "q");
        long r = mkdir(q, "r");
        long s = mkdir(ROOT, "s");
        long t = mkdir(ROOT, "t");
        long g = client.call(new MknodRequest(client.mutation(0, 0), s, n("g"), Posix.S_IFREG | 0644, 0))
                .get(30, TimeUnit.SECONDS).attr().ino();
        assertTrue(fsck().clean());

        // t gets a second name in the root (the root's link count follows, so only the names are wrong).
        damage(ROOT, ctx -> {
            ctx.slotOf(ROOT).insertEntry(ROOT, n("t2"), t, Posix.S_IFDIR | 0755);
            ctx.slotOf(ROOT).setNlink(ROOT, ctx.slotOf(ROOT).nlink(ROOT) + 1);
        });
        // s, named in the root, points at p.
        damage(s, ctx -> ctx.slotOf(s).setParent(s, p));
        // q leaves p and is named inside its own child r: q and r are a cycle no path from the root reaches.
        damage(p, ctx -> {
            ctx.slotOf(p).removeEntry(p, n("q"));
            ctx.slotOf(p).setNlink(p, ctx.slotOf(p).nlink(p) - 1);
        });
        damage(r, ctx -> {
            ctx.slotOf(r).insertEntry(r, n("loop"), q, Posix.S_IFDIR | 0755);
            ctx.slotOf(r).setNlink(r, ctx.slotOf(r).nlink(r) + 1);
        });
        damage(q, ctx -> ctx.slotOf(q).setParent(q, r));
        // g loses its name and becomes an orphan that no session holds open.
        damage(s, ctx -> ctx.slotOf(s).removeEntry(s, n("g")));
        damage(g, ctx -> {
            ctx.slotOf(g).setNlink(g, 0);
            ctx.clients().openFiles().orphan(g);
        });

        FsckReport damaged = fsck();
        assertEquals(EnumSet.of(Problem.DIRECTORY_LINKS, Problem.WRONG_PARENT, Problem.DETACHED, Problem.UNHELD_ORPHAN),
                damaged.found(), damaged.toText());
        assertEquals(1, damaged.count(Problem.DIRECTORY_LINKS), damaged.toText());
        assertEquals(1, damaged.count(Problem.WRONG_PARENT), damaged.toText());
        assertEquals(2, damaged.count(Problem.DETACHED), damaged.toText());
        assertEquals(1, damaged.count(Problem.UNHELD_ORPHAN), damaged.toText());
        assertTrue(damaged.examples(Problem.DIRECTORY_LINKS).get(0).contains(InodeNumbers.toString(t) + " is named by 2"),
                damaged.toText());
        assertTrue(damaged.examples(Problem.WRONG_PARENT).get(0).contains("directory " + InodeNumbers.toString(s)),
                damaged.toText());
        String detached = String.join(" ", damaged.examples(Problem.DETACHED));
        assertTrue(detached.contains(InodeNumbers.toString(q)) && detached.contains(InodeNumbers.toString(r)), detached);
        assertTrue(damaged.examples(Problem.UNHELD_ORPHAN).get(0).contains(InodeNumbers.toString(g)), damaged.toText());
    }

    @Test
    void aCleanNamespaceIsCleanAndEachInjectedDamageIsReported() throws Exception {
        Map<String, List<Long>> dirsByGroup = new HashMap<>();
        List<Long> files = new ArrayList<>();
        for (int d = 0; d < 12; d++) {
            long dir = client.call(new MkdirRequest(client.mutation(0, 0), ROOT, n("d" + d), 0755))
                    .get(30, TimeUnit.SECONDS).attr().ino();
            dirsByGroup.computeIfAbsent(cluster.slotMap().groupOfIno(dir).id(), g -> new ArrayList<>()).add(dir);
            client.call(new MkdirRequest(client.mutation(0, 0), dir, n("sub"), 0755)).get(30, TimeUnit.SECONDS);
            for (int f = 0; f < 5; f++) {
                files.add(client.call(new MknodRequest(client.mutation(0, 0), dir, n("f" + f), Posix.S_IFREG | 0644, 0))
                        .get(30, TimeUnit.SECONDS).attr().ino());
            }
            client.call(new LinkRequest(client.mutation(0, 0), files.get(files.size() - 1), dir, n("hard")))
                    .get(30, TimeUnit.SECONDS);
        }
        assertEquals(2, dirsByGroup.size(), "directories in both groups: " + dirsByGroup.keySet());

        FsckReport clean = fsck();
        assertTrue(clean.clean(), clean.toText());
        assertEquals(1 + 12 * 2 + 60, clean.inodes());

        long dirA = dirsByGroup.values().stream().toList().get(0).get(0);
        long dirB = dirsByGroup.values().stream().toList().get(1).get(0);
        long missing = InodeNumbers.of(InodeNumbers.slotOf(dirA), InodeNumbers.MAX_SEQ - 5);
        damage(dirA, ctx -> ctx.slotOf(dirA).insertEntry(dirA, n("ghost"), missing, Posix.S_IFREG | 0644));
        long wrongNlink = files.get(0);
        damage(wrongNlink, ctx -> ctx.slotOf(wrongNlink).setNlink(wrongNlink, 4));
        long lockedNoIntent = files.get(7);
        damage(lockedNoIntent, ctx -> ctx.slotOf(lockedNoIntent).setFlags(lockedNoIntent, InodeFlags.LOCK));
        // An intent locked an hour ahead of the sweep's clock (so the sweep leaves it alone) and a
        // leader clock two hours ahead for the queries: fsck sees a lock an hour old.
        long expired = files.get(13);
        damage(expired, ctx -> {
            ctx.slotOf(expired).setFlags(expired, InodeFlags.LOCK);
            ctx.intents().put(new LockIntents.Intent(expired, LockIntents.REMOVE, dirB, n("x"),
                    MetaGroupReplica.nowNs() + HOUR_NS));
        });
        leader(expired).setWallClock(() -> MetaGroupReplica.nowNs() + 2 * HOUR_NS);
        long[] leaked = new long[2];
        damage(dirB, ctx -> {
            SlotState slot = ctx.slotOf(dirB);
            leaked[0] = slot.createInode(Posix.S_IFREG | 0644, 0, 0, dirB, 1);
            leaked[1] = slot.createInode(Posix.S_IFREG | 0644, 0, 0, dirB, 1);
            slot.setNlink(leaked[1], 0);
        });

        FsckReport damaged = fsck();
        assertEquals(EnumSet.of(Problem.DANGLING_ENTRY, Problem.WRONG_NLINK, Problem.LOCK_WITHOUT_INTENT,
                Problem.EXPIRED_LOCK, Problem.UNREACHABLE, Problem.UNTRACKED_ORPHAN), damaged.found(), damaged.toText());
        for (Problem p : damaged.found()) {
            assertEquals(1, damaged.count(p), p + ": " + damaged.toText());
        }
        assertTrue(damaged.examples(Problem.DANGLING_ENTRY).get(0).contains(InodeNumbers.toString(missing)));
        assertTrue(damaged.examples(Problem.WRONG_NLINK).get(0).contains(InodeNumbers.toString(wrongNlink)));
        assertTrue(damaged.examples(Problem.EXPIRED_LOCK).get(0).contains(InodeNumbers.toString(expired)));
        assertTrue(damaged.examples(Problem.UNREACHABLE).get(0).contains(InodeNumbers.toString(leaked[0])));
        assertTrue(damaged.examples(Problem.UNTRACKED_ORPHAN).get(0).contains(InodeNumbers.toString(leaked[1])));
    }
}
