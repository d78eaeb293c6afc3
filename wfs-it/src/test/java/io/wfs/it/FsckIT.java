package io.wfs.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.cli.fsck.FsckReport;
import io.wfs.cli.fsck.NamespaceCheck;
import io.wfs.cli.fsck.NamespaceScan;
import io.wfs.cli.fsck.Problem;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.ScanInodesRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.InodeFlags;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.namespace.SlotState;
import io.wfs.meta.ops.MetaContext;
import io.wfs.meta.server.MetaGroupReplica;
import io.wfs.meta.state.MetaStateMachine;
import java.nio.charset.StandardCharsets;
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
        leader(ino).inspect(MetaHeader.root(), MetaGroupReplica.nowNs(), ctx -> {
            change.accept(ctx);
            return null;
        });
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
