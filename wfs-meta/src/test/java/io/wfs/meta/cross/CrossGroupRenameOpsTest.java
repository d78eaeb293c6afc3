package io.wfs.meta.cross;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.CreateLockedRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LinkLockedChildRequest;
import io.wfs.common.msg.meta.LockForRenameRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.StepCheckRequest;
import io.wfs.common.msg.meta.RenameEntriesRequest;
import io.wfs.common.msg.meta.RenameLeaseRequest;
import io.wfs.common.msg.meta.RenamePlan;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.posix.Posix;
import io.wfs.meta.ops.MetaTester;
import io.wfs.meta.ops.MkdirOp;
import io.wfs.meta.state.MetaStateMachine;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The steps of a cross-group rename on two real state machines standing for two groups (slots split in half). */
class CrossGroupRenameOpsTest {
    private static final long TERM = 15_000_000_000L;
    private static final int DIR = Posix.S_IFDIR | 0755;
    private static final int FILE = Posix.S_IFREG | 0644;
    private final MetaTester parentGroup = new MetaTester(IntStream.range(0, 2048).toArray());
    private final MetaTester childGroup = new MetaTester(IntStream.range(2048, 4096).toArray());

    /** A directory under the root living in the child group, made as the cross-group mkdir makes it. */
    private long remoteDir(String name) {
        InodeAttr d = childGroup.run(new CreateLockedRequest(childGroup.h(), 3000, 0755, 0, 0, ROOT, n(name))).attr();
        parentGroup.run(new LinkLockedChildRequest(parentGroup.h(), ROOT, n(name), d.ino(), DIR, d.ctimeNs()));
        childGroup.run(new ResolveLockRequest(childGroup.h(), d.ino(), d.ctimeNs(), true));
        return d.ino();
    }

    /** A directory under the root that stays in the parent group. */
    private long localDir(String prefix) {
        for (int i = 0; ; i++) {
            if (MkdirOp.targetSlot(ROOT, n(prefix + i)) < 2048) {
                return parentGroup.mkdir(ROOT, prefix + i, 0777).ino();
            }
        }
    }

    /** A child-group directory ROOT/"m" locked for its move to a new parent-group dst/"moved". */
    private record LockedMove(long moved, long dst, RenamePlan plan, long lockNs) {
    }

    private LockedMove lockedMove() {
        long moved = remoteDir("m");
        long dst = localDir("dst");
        RenamePlan plan = moveToDst(moved, dst);
        return new LockedMove(moved, dst, plan, lockForRename(moved, plan));
    }

    /** The plan of moving the child-group directory ROOT/"m" to dst/"moved". */
    private static RenamePlan moveToDst(long moved, long dst) {
        return plan(ROOT, n("m"), dst, n("moved"), moved, DIR, 0, 0, false, 0, 0);
    }

    /** Locks the moved directory in the child group; returns the lock time. */
    private long lockForRename(long moved, RenamePlan plan) {
        return childGroup.run(new LockForRenameRequest(childGroup.h(), moved, plan)).attr().ctimeNs();
    }

    private long lookup(MetaTester group, long parent, String name) {
        return group.run(new LookupRequest(group.h(), parent, n(name))).attr().ino();
    }

    @Test
    void aDirectoryMovedToAParentInAnotherGroupTakesItsNewParentOnCommit() {
        long moved = remoteDir("m");
        long dst = localDir("dst");
        int rootLinks = parentGroup.stat(ROOT).nlink();
        RenamePlan plan = moveToDst(moved, dst);
        long lockNs = lockForRename(moved, plan);
        childGroup.fails(WfsErrorCode.LOCKED, new MknodRequest(childGroup.h(), moved, n("f"), FILE, 0));
        childGroup.fails(WfsErrorCode.LOCKED, new LockForRenameRequest(childGroup.h(), moved, plan));
        parentGroup.run(new RenameEntriesRequest(parentGroup.h(), plan, true, true, 0, lockNs, 0));
        assertEquals(moved, lookup(parentGroup, dst, "moved"));
        parentGroup.fails(WfsErrorCode.ENOENT, new LookupRequest(parentGroup.h(), ROOT, n("m")));
        assertEquals(rootLinks - 1, parentGroup.stat(ROOT).nlink());
        assertEquals(3, parentGroup.stat(dst).nlink());
        childGroup.run(new ResolveLockRequest(childGroup.h(), moved, lockNs, true));
        assertEquals(dst, childGroup.stat(moved).parent());
        childGroup.run(new MknodRequest(childGroup.h(), moved, n("f"), FILE, 0));
        assertTrue(childGroup.machine().intentsLockedBefore(Long.MAX_VALUE).isEmpty());
    }

    @Test
    void theSourcePartActsOnlyWhileTheSourceNamesTheMovedInode() {
        long moved = remoteDir("m");
        long dst = localDir("dst");
        RenamePlan plan = moveToDst(moved, dst);
        parentGroup.run(new RenameEntriesRequest(parentGroup.h(), plan, true, true, 0, parentGroup.now(), 0));
        int rootLinks = parentGroup.stat(ROOT).nlink();
        parentGroup.run(new RenameEntriesRequest(parentGroup.h(), plan, false, true, 0, 0, 0));
        assertEquals(rootLinks, parentGroup.stat(ROOT).nlink(), "repeating the source part changes nothing");
        assertEquals(moved, lookup(parentGroup, dst, "moved"));
    }

    @Test
    void anExchangeSwapsTheEntriesAndBothParentPointers() {
        long left = remoteDir("left");
        long dst = localDir("dst");
        long file = parentGroup.create(dst, "file", 0644).ino();
        RenamePlan plan = plan(ROOT, n("left"), dst, n("file"), left, DIR, file, FILE, true, 0, 0);
        long lockNs = childGroup.run(new LockForRenameRequest(childGroup.h(), left, plan)).attr().ctimeNs();
        long fileLockNs = parentGroup.run(new LockForRenameRequest(parentGroup.h(), file, plan)).attr().ctimeNs();
        int rootLinks = parentGroup.stat(ROOT).nlink();
        parentGroup.run(new RenameEntriesRequest(parentGroup.h(), plan, true, true, 0, lockNs, fileLockNs));
        assertEquals(left, lookup(parentGroup, dst, "file"));
        assertEquals(file, lookup(parentGroup, ROOT, "left"));
        assertEquals(rootLinks - 1, parentGroup.stat(ROOT).nlink(), "the directory left the root");
        assertEquals(3, parentGroup.stat(dst).nlink(), "and came into dst");
        childGroup.run(new ResolveLockRequest(childGroup.h(), left, lockNs, true));
        parentGroup.run(new ResolveLockRequest(parentGroup.h(), file, fileLockNs, true));
        assertEquals(dst, childGroup.stat(left).parent());
        assertEquals(ROOT, parentGroup.stat(file).parent());
    }

    @Test
    void theTargetPartRefusesAChangedDestinationAnOldLockAndTheStickyRule() {
        long moved = remoteDir("m");
        long dst = localDir("dst");
        RenamePlan free = plan(ROOT, n("m"), dst, n("x"), moved, DIR, 0, 0, false, 0, 0);
        parentGroup.create(dst, "x", 0644);
        parentGroup.fails(WfsErrorCode.LOCKED, new RenameEntriesRequest(parentGroup.h(), free, true, true, 0, parentGroup.now(), 0));
        RenamePlan other = plan(ROOT, n("m"), dst, n("y"), moved, DIR, 0, 0, false, 0, 0);
        parentGroup.fails(WfsErrorCode.LOCKED, new RenameEntriesRequest(parentGroup.h(), other, true, true, 0,
                parentGroup.now() - 3_500_000_000L, 0));
        // A sticky destination: only the owner of the replaced file, of the directory, or root may replace it.
        parentGroup.run(new io.wfs.common.msg.meta.SetAttrRequest(parentGroup.h(), dst,
                io.wfs.common.msg.meta.SetAttr.NOTHING.withMode(01777)));
        long victim = parentGroup.as(2000, 2000).create(dst, "theirs", 0644).ino();
        long mine = parentGroup.as(1000, 1000).create(ROOT, "mine", 0644).ino();
        RenamePlan over = plan(ROOT, n("mine"), dst, n("theirs"), mine, FILE, victim, FILE, false, 0, 0);
        parentGroup.fails(WfsErrorCode.EPERM, new RenameEntriesRequest(parentGroup.h(), over, true, true, 2000, parentGroup.now(),
                parentGroup.now()));
        assertEquals(victim, lookup(parentGroup.as(0, 0), dst, "theirs"));
    }

    /**
     * The storm's failure: the sweep of the moved inode rolled the rename back (the destination did
     * not name it) and the destination step, proposed in time, was applied afterwards; the inode
     * ended with two names. The sweep's question now goes through the destination group's log and
     * fences the step; so does the replaced inode's sweep.
     */
    @Test
    void theTargetStepIsRefusedOnceASweepRolledTheRenameBack() {
        LockedMove move = lockedMove();
        long moved = move.moved();
        long dst = move.dst();
        RenamePlan plan = move.plan();
        long lockNs = move.lockNs();
        StepCheckRequest sweep = StepCheckRequest.receipt(parentGroup.h(), dst, n("moved"), moved, lockNs);
        assertFalse(parentGroup.run(sweep).exists(), "roll back");
        parentGroup.fails(WfsErrorCode.LOCKED, new RenameEntriesRequest(parentGroup.h(), plan, true, true, 0, lockNs, 0));
        parentGroup.fails(WfsErrorCode.ENOENT, new LookupRequest(parentGroup.h(), dst, n("moved")));
        assertEquals(moved, lookup(parentGroup, ROOT, "m"));
        childGroup.run(new ResolveLockRequest(childGroup.h(), moved, lockNs, false));
        assertEquals(ROOT, childGroup.stat(moved).parent());

        // Replacing a file whose removal lock the sweep undid: the step must not replace it.
        long victim = parentGroup.create(dst, "victim", 0644).ino();
        RenamePlan over = plan(ROOT, n("m"), dst, n("victim"), moved, DIR, victim, FILE, false, 0, 0);
        long movedNs = childGroup.run(new LockForRenameRequest(childGroup.h(), moved, over)).attr().ctimeNs();
        long victimNs = parentGroup.run(new io.wfs.common.msg.meta.LockForRemoveRequest(parentGroup.h(), victim, dst,
                n("victim"), false)).attr().ctimeNs();
        assertFalse(parentGroup.run(StepCheckRequest.receipt(parentGroup.h(), dst, n("victim"), victim, victimNs)).exists());
        parentGroup.fails(WfsErrorCode.LOCKED, new RenameEntriesRequest(parentGroup.h(), over, true, true, 0, movedNs, victimNs));
        assertEquals(victim, lookup(parentGroup, dst, "victim"));
    }

    /**
     * A rename of a file whose destination name already names it (another link, made after the
     * rename was prepared) must not be rolled forward by the sweep when its own target step never
     * ran: rolling forward would drop the source name without the rename. Decided by receipt.
     */
    @Test
    void aRenameIsDecidedByItsReceiptNotByAnEntryThatWasThereBefore() {
        long dst = localDir("dst");
        long file = parentGroup.create(ROOT, "one", 0644).ino();
        parentGroup.run(new io.wfs.common.msg.meta.LinkRequest(parentGroup.h(), file, dst, n("two")));
        RenamePlan stale = plan(ROOT, n("one"), dst, n("two"), file, FILE, 0, 0, false, 0, 0);
        long lockNs = parentGroup.run(new LockForRenameRequest(parentGroup.h(), file, stale)).attr().ctimeNs();
        assertEquals(file, lookup(parentGroup, dst, "two"));
        assertFalse(parentGroup.run(StepCheckRequest.receipt(parentGroup.h(), dst, n("two"), file, lockNs)).exists(),
                "the entry is there, the rename's step is not: roll back");
        parentGroup.run(new ResolveLockRequest(parentGroup.h(), file, lockNs, false));
        assertEquals(file, lookup(parentGroup, ROOT, "one"));
        assertEquals(2, parentGroup.stat(file).nlink());
    }

    /**
     * The transport resends a step whose answer was lost (a leader change). The target step of a
     * rename changes the destination, so a resend without a sequence finds it changed and answers
     * LOCKED, and the coordinator would undo a committed rename; with the coordinator's own
     * (session, seq) the resend is answered from the record.
     */
    @Test
    void aResentTargetStepIsAnsweredFromTheRecord() {
        LockedMove move = lockedMove();
        long moved = move.moved();
        long dst = move.dst();
        RenamePlan plan = move.plan();
        long lockNs = move.lockNs();
        io.wfs.common.msg.meta.MetaHeader coordinator = parentGroup.h().withSequence(4242, 1, 0);
        RenameEntriesRequest target = new RenameEntriesRequest(coordinator, plan, true, false, 0, lockNs, 0);
        parentGroup.run(target);
        parentGroup.run(target);
        assertEquals(moved, lookup(parentGroup, dst, "moved"));
        parentGroup.fails(WfsErrorCode.LOCKED, new RenameEntriesRequest(parentGroup.h().withSequence(0, 0, 0), plan, true,
                false, 0, lockNs, 0));
    }

    @Test
    void aDirectoryMoveStaysOneEntryUnlessAnAncestorOfTheDestinationIsLocked() {
        MetaTester single = new MetaTester();
        long a = single.mkdir(ROOT, "a", 0777).ino();
        long b = single.mkdir(a, "b", 0777).ino();
        long c = single.mkdir(ROOT, "c", 0777).ino();
        RenamePlan away = plan(ROOT, n("a"), c, n("a2"), a, Posix.S_IFDIR | 0777, 0, 0, false, 0, 0);
        long lockNs = single.run(new LockForRenameRequest(single.h(), a, away)).attr().ctimeNs();
        single.fails(WfsErrorCode.LOCKED, new RenameRequest(single.h(), ROOT, n("c"), b, n("c"), 0));
        single.run(new ResolveLockRequest(single.h(), a, lockNs, false));
        single.run(new RenameRequest(single.h(), ROOT, n("c"), b, n("c"), 0));
        assertEquals(b, single.stat(c).parent());
    }

    @Test
    void theRenameLeaseHasOneHolderUntilReleasedOrExpired() {
        parentGroup.run(new RenameLeaseRequest(parentGroup.h(), 1, true, TERM));
        parentGroup.run(new RenameLeaseRequest(parentGroup.h(), 1, true, TERM));
        parentGroup.fails(WfsErrorCode.LOCKED, new RenameLeaseRequest(parentGroup.h(), 2, true, TERM));
        parentGroup.run(new RenameLeaseRequest(parentGroup.h(), 2, false, 0));
        parentGroup.fails(WfsErrorCode.LOCKED, new RenameLeaseRequest(parentGroup.h(), 2, true, TERM));
        parentGroup.advance(TERM);
        parentGroup.run(new RenameLeaseRequest(parentGroup.h(), 2, true, TERM));
        parentGroup.run(new RenameLeaseRequest(parentGroup.h(), 2, false, 0));
        parentGroup.run(new RenameLeaseRequest(parentGroup.h(), 3, true, TERM));
        childGroup.fails(WfsErrorCode.STALE_ROUTE, new RenameLeaseRequest(childGroup.h(), 4, true, TERM));
    }

    @Test
    void renameIntentsAndTheLeaseSurviveASnapshot() throws Exception {
        long moved = remoteDir("m");
        RenamePlan plan = plan(ROOT, n("m"), ROOT, n("n"), moved, DIR, 0, 0, false, 7, 9);
        childGroup.run(new LockForRenameRequest(childGroup.h(), moved, plan));
        parentGroup.run(new RenameLeaseRequest(parentGroup.h(), 42, true, TERM));
        for (MetaTester group : new MetaTester[] {childGroup, parentGroup}) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            group.machine().writeSnapshot(new DataOutputStream(bytes));
            MetaStateMachine copy = new MetaStateMachine(new int[0]);
            copy.readSnapshot(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
            assertEquals(group.machine().digest(), copy.digest());
        }
        LockIntents.Intent intent = childGroup.machine().intentsLockedBefore(Long.MAX_VALUE).get(0);
        assertEquals(LockIntents.RENAME, intent.kind());
        assertEquals(9, intent.rename().seq());
        assertTrue(childGroup.run(new GetAttrRequest(childGroup.h(), moved)).locked());
    }

    /** A plan as the coordinator makes it from a client's rename with this header's (session, seq). */
    private static RenamePlan plan(long srcParent, byte[] srcName, long dstParent, byte[] dstName, long moved, int movedMode,
                                   long replaced, int replacedMode, boolean exchange, long session, long seq) {
        MetaHeader client = MetaHeader.root().withSequence(session, seq, 0);
        RenameRequest request = new RenameRequest(client, srcParent, srcName, dstParent, dstName,
                exchange ? RenameRequest.EXCHANGE : 0);
        return new RenamePlan(request, moved, movedMode, replaced, replacedMode);
    }
}
