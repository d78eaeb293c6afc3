package io.wfs.meta.cross;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.CreateLockedRequest;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.StepCheckRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LinkLockedChildRequest;
import io.wfs.common.msg.meta.LockForRemoveRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.UnlinkLockedChildRequest;
import io.wfs.common.posix.Posix;
import io.wfs.meta.ops.MetaTester;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The protocol steps, on two real state machines standing for two groups (slots split in half). */
class CrossGroupOpsTest {
    private static final int DIR = Posix.S_IFDIR | 0755;
    private static final int FILE = Posix.S_IFREG | 0644;

    private final MetaTester parentGroup = new MetaTester(IntStream.range(0, 2048).toArray());
    private final MetaTester childGroup = new MetaTester(IntStream.range(2048, 4096).toArray());

    private InodeAttr createLocked(String name) {
        return childGroup.run(new CreateLockedRequest(childGroup.h(), 3000, 0755, 1000, 100, ROOT, n(name))).attr();
    }

    /** The sweep's question for a new directory ROOT/name locked as {@code locked} says. */
    private StepCheckRequest check(String name, InodeAttr locked) {
        return StepCheckRequest.entry(parentGroup.h(), ROOT, n(name), locked.ino(), locked.ctimeNs());
    }

    private StepCheckRequest removalCheck(String name, long ino, long lockTimeNs) {
        return StepCheckRequest.receipt(parentGroup.h(), ROOT, n(name), ino, lockTimeNs);
    }

    @Test
    void aLockedChildRefusesChangesUntilResolvedAndIsKeptOnCommit() {
        InodeAttr child = createLocked("d");
        assertEquals(DIR, child.mode());
        assertEquals(3000, (int) (child.ino() >>> 52));
        assertEquals(1, childGroup.machine().intentsLockedBefore(Long.MAX_VALUE).size());
        childGroup.fails(WfsErrorCode.LOCKED, new MknodRequest(childGroup.h(), child.ino(), n("f"), FILE, 0));
        parentGroup.run(new LinkLockedChildRequest(parentGroup.h(), ROOT, n("d"), child.ino(), DIR, child.ctimeNs()));
        assertTrue(parentGroup.run(check("d", child)).exists());
        assertEquals(3, parentGroup.stat(ROOT).nlink(), "the parent counts the remote subdirectory");
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), child.ctimeNs(), true));
        assertEquals(child.ctimeNs(), childGroup.stat(child.ino()).ctimeNs(),
                "a committed mkdir keeps its creation's times: the mount that made it was told them");
        childGroup.run(new MknodRequest(childGroup.h(), child.ino(), n("f"), FILE, 0));
        assertTrue(childGroup.machine().intentsLockedBefore(Long.MAX_VALUE).isEmpty());
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), child.ctimeNs(), false));
        childGroup.stat(child.ino());
    }

    @Test
    void anUndoneCreateLeavesNothing() {
        long before = childGroup.machine().<Long>read(ns -> ns.usedInodes());
        InodeAttr child = createLocked("gone");
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), child.ctimeNs(), false));
        childGroup.fails(WfsErrorCode.ENOENT, new GetAttrRequest(childGroup.h(), child.ino()));
        assertEquals(before, (long) childGroup.machine().<Long>read(ns -> ns.usedInodes()));
    }

    @Test
    void theEntryIsRefusedOnceTheLockIsOld() {
        InodeAttr child = createLocked("late");
        parentGroup.fails(WfsErrorCode.LOCKED, new LinkLockedChildRequest(parentGroup.h(), ROOT, n("late"), child.ino(), DIR,
                parentGroup.now() - 3_500_000_000L));
        assertFalse(parentGroup.run(check("late", child)).exists());
    }

    @Test
    void removalLocksOnlyAnEmptyDirectoryAndDeletesOnCommit() {
        InodeAttr child = createLocked("r");
        parentGroup.run(new LinkLockedChildRequest(parentGroup.h(), ROOT, n("r"), child.ino(), DIR, child.ctimeNs()));
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), child.ctimeNs(), true));
        childGroup.run(new MknodRequest(childGroup.h(), child.ino(), n("f"), FILE, 0));
        childGroup.fails(WfsErrorCode.ENOTEMPTY, new LockForRemoveRequest(childGroup.h(), child.ino(), ROOT, n("r"), true));
        childGroup.run(new io.wfs.common.msg.meta.UnlinkRequest(childGroup.h(), child.ino(), n("f")));
        InodeAttr locked = childGroup.run(new LockForRemoveRequest(childGroup.h(), child.ino(), ROOT, n("r"), true)).attr();
        childGroup.fails(WfsErrorCode.LOCKED, new MknodRequest(childGroup.h(), child.ino(), n("g"), FILE, 0));
        io.wfs.common.msg.meta.OkReply removed = parentGroup.run(new UnlinkLockedChildRequest(parentGroup.h(), ROOT, n("r"),
                child.ino(), locked.uid(), locked.ctimeNs(), true));
        assertEquals(2, parentGroup.stat(ROOT).nlink());
        assertEquals(2, removed.dir().nlink(), "the answer carries the parent after the removal");
        assertEquals(parentGroup.stat(ROOT).mtimeNs(), removed.dir().mtimeNs());
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), locked.ctimeNs(), true));
        childGroup.fails(WfsErrorCode.ENOENT, new GetAttrRequest(childGroup.h(), child.ino()));
    }

    /**
     * The sweep decides an expired removal by its receipt, not by the entry's absence: a lock taken
     * on a name that had meanwhile moved (the entry lives in another group) must be undone, or the
     * inode would be deleted under its new name.
     */
    @Test
    void aRemovalIsProvedByItsReceiptNotByTheEntrysAbsence() {
        InodeAttr child = createLocked("moved-away");
        parentGroup.run(new LinkLockedChildRequest(parentGroup.h(), ROOT, n("moved-away"), child.ino(), DIR, child.ctimeNs()));
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), child.ctimeNs(), true));
        // An rmdir of ROOT/"stale" prepared before the directory got its present name locks it anyway.
        InodeAttr locked = childGroup.run(new LockForRemoveRequest(childGroup.h(), child.ino(), ROOT, n("stale"), true)).attr();
        assertFalse(parentGroup.run(check("stale", child)).exists(), "the name is absent...");
        assertFalse(parentGroup.run(removalCheck("stale", child.ino(), locked.ctimeNs())).exists(),
                "...but nothing removed it under this lock");
        parentGroup.fails(WfsErrorCode.ENOENT, new UnlinkLockedChildRequest(parentGroup.h(), ROOT, n("stale"), child.ino(),
                locked.uid(), locked.ctimeNs(), true));
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), locked.ctimeNs(), false));

        InodeAttr again = childGroup.run(new LockForRemoveRequest(childGroup.h(), child.ino(), ROOT, n("moved-away"), true))
                .attr();
        parentGroup.run(new UnlinkLockedChildRequest(parentGroup.h(), ROOT, n("moved-away"), child.ino(), again.uid(),
                again.ctimeNs(), true));
        assertTrue(parentGroup.run(removalCheck("moved-away", child.ino(), again.ctimeNs())).exists());
        assertFalse(parentGroup.run(removalCheck("moved-away", child.ino(), again.ctimeNs() - 1)).exists(),
                "a receipt answers only for the lock it was written under");
        MetaTester restored = parentGroup.restoredFromSnapshot();
        assertTrue(restored.run(removalCheck("moved-away", child.ino(), again.ctimeNs())).exists(),
                "receipts survive a snapshot");
    }

    @Test
    void anUndoneRemovalUnlocksTheDirectory() {
        InodeAttr child = createLocked("keep");
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), child.ctimeNs(), true));
        long lockNs = childGroup.run(new LockForRemoveRequest(childGroup.h(), child.ino(), ROOT, n("keep"), true)).attr()
                .ctimeNs();
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), lockNs, false));
        childGroup.run(new MknodRequest(childGroup.h(), child.ino(), n("f"), FILE, 0));
    }

    @Test
    void theParentsRulesStillApplyToTheEntry() {
        parentGroup.run(new SetAttrRequest(parentGroup.h(), ROOT, SetAttr.NOTHING.withMode(0755)));
        InodeAttr child = createLocked("x");
        parentGroup.as(1000, 100);
        parentGroup.fails(WfsErrorCode.EACCES, new LinkLockedChildRequest(parentGroup.h(), ROOT, n("x"), child.ino(), DIR,
                child.ctimeNs()));
        parentGroup.as(0, 0).run(new MkdirRequest(parentGroup.h(), ROOT, n("taken"), 0755));
    }

    @Test
    void aLinkIsCountedWhileLockedAndTakenBackOnUndo() {
        InodeAttr home = createLocked("home");
        long dir = home.ino();
        childGroup.run(new ResolveLockRequest(childGroup.h(), dir, home.ctimeNs(), true));
        long file = childGroup.create(dir, "data", 0644).ino();
        InodeAttr locked = childGroup.run(new io.wfs.common.msg.meta.LockForLinkRequest(childGroup.h(), file, ROOT, n("alias")))
                .attr();
        assertEquals(2, locked.nlink());
        childGroup.fails(WfsErrorCode.LOCKED, new io.wfs.common.msg.meta.UnlinkRequest(childGroup.h(), dir, n("data")));
        childGroup.run(new ResolveLockRequest(childGroup.h(), file, locked.ctimeNs(), false));
        assertEquals(1, childGroup.stat(file).nlink());
        childGroup.fails(WfsErrorCode.EPERM, new io.wfs.common.msg.meta.LockForLinkRequest(childGroup.h(), dir, ROOT, n("d")));
        // A file being unlinked from a remote entry drops one link on commit.
        long linkNs = childGroup.run(new io.wfs.common.msg.meta.LockForLinkRequest(childGroup.h(), file, ROOT, n("alias")))
                .attr().ctimeNs();
        childGroup.run(new ResolveLockRequest(childGroup.h(), file, linkNs, true));
        long removeNs = childGroup.run(new LockForRemoveRequest(childGroup.h(), file, ROOT, n("alias"), false)).attr().ctimeNs();
        childGroup.fails(WfsErrorCode.EISDIR, new LockForRemoveRequest(childGroup.h(), dir, ROOT, n("home"), false));
        childGroup.run(new ResolveLockRequest(childGroup.h(), file, removeNs, true));
        assertEquals(1, childGroup.stat(file).nlink());
        // The last name gone while a session holds the file open (an orphan): no remote name may be given it back.
        childGroup.run(new io.wfs.common.msg.meta.OpenRequest(new MetaHeader(0, 0, new int[0]).withSequence(7, 1, 0), file, 0));
        long lastNs = childGroup.run(new LockForRemoveRequest(childGroup.h(), file, dir, n("data"), false)).attr().ctimeNs();
        childGroup.run(new ResolveLockRequest(childGroup.h(), file, lastNs, true));
        childGroup.fails(WfsErrorCode.ENOENT, new io.wfs.common.msg.meta.LockForLinkRequest(childGroup.h(), file, ROOT,
                n("revived")));
    }

    @Test
    void aOneEntryRenameAcrossGroupsIsSentBackForTheCoordinatorAndLinkAnswersExdev() {
        InodeAttr remote = createLocked("remote");
        long remoteDir = remote.ino();
        childGroup.run(new ResolveLockRequest(childGroup.h(), remoteDir, remote.ctimeNs(), true));
        long file = parentGroup.create(ROOT, "f", 0644).ino();
        // The coordinator runs such renames with the cross-group protocol; one that reached the
        // one-entry path (its inputs changed meanwhile) is refused retryably, never as EXDEV.
        parentGroup.fails(WfsErrorCode.LOCKED, new io.wfs.common.msg.meta.RenameRequest(parentGroup.h(), ROOT, n("f"),
                remoteDir, n("g"), 0));
        assertTrue(WfsErrorCode.LOCKED.retryable());
        long remoteFile = childGroup.create(remoteDir, "x", 0644).ino();
        parentGroup.fails(WfsErrorCode.EXDEV, new io.wfs.common.msg.meta.LinkRequest(parentGroup.h(), remoteFile, ROOT, n("x")));
        assertFalse(WfsErrorCode.EXDEV.retryable());
        parentGroup.stat(file);
    }

    /**
     * The storm's lost rename, in its simplest form: a step proposed while its lock was young but
     * applied after the sweep's decision (a leader change in between) must not happen, or the
     * namespace contradicts what the sweep did with the lock. The decision goes through the
     * parent group's log and fences the step.
     */
    @Test
    void aStepAppliedAfterTheSweepDecidedAgainstItIsRefused() {
        InodeAttr child = createLocked("late-link");
        assertFalse(parentGroup.run(check("late-link", child)).exists(), "the sweep finds no entry: undo");
        parentGroup.fails(WfsErrorCode.LOCKED, new LinkLockedChildRequest(parentGroup.h(), ROOT, n("late-link"), child.ino(),
                DIR, child.ctimeNs()));
        parentGroup.fails(WfsErrorCode.ENOENT, new io.wfs.common.msg.meta.LookupRequest(parentGroup.h(), ROOT, n("late-link")));
        assertFalse(parentGroup.run(check("late-link", child)).exists(), "asked again, the answer stands");
        assertFalse(parentGroup.restoredFromSnapshot().run(check("late-link", child)).exists());
        parentGroup.restoredFromSnapshot().fails(WfsErrorCode.LOCKED, new LinkLockedChildRequest(parentGroup.h(), ROOT,
                n("late-link"), child.ino(), DIR, child.ctimeNs()));
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), child.ctimeNs(), false));

        // A removal: the sweep finds no receipt and unlocks; the late removal step must not remove the name.
        InodeAttr kept = createLocked("kept");
        parentGroup.run(new LinkLockedChildRequest(parentGroup.h(), ROOT, n("kept"), kept.ino(), DIR, kept.ctimeNs()));
        childGroup.run(new ResolveLockRequest(childGroup.h(), kept.ino(), kept.ctimeNs(), true));
        InodeAttr locked = childGroup.run(new LockForRemoveRequest(childGroup.h(), kept.ino(), ROOT, n("kept"), true)).attr();
        assertFalse(parentGroup.run(removalCheck("kept", kept.ino(), locked.ctimeNs())).exists());
        parentGroup.fails(WfsErrorCode.LOCKED, new UnlinkLockedChildRequest(parentGroup.h(), ROOT, n("kept"), kept.ino(),
                locked.uid(), locked.ctimeNs(), true));
        assertEquals(kept.ino(), parentGroup.lookup(ROOT, "kept").ino());
        childGroup.run(new ResolveLockRequest(childGroup.h(), kept.ino(), locked.ctimeNs(), false));

        // The fence is for that lock only: the next removal of the same directory goes through.
        InodeAttr again = childGroup.run(new LockForRemoveRequest(childGroup.h(), kept.ino(), ROOT, n("kept"), true)).attr();
        parentGroup.run(new UnlinkLockedChildRequest(parentGroup.h(), ROOT, n("kept"), kept.ino(), again.uid(), again.ctimeNs(),
                true));
        assertTrue(parentGroup.run(removalCheck("kept", kept.ino(), again.ctimeNs())).exists());
    }

    /**
     * Found by the storm with moving leaders: a second link of a file under a name that a first
     * link had already made, whose own step never ran, was committed by the sweep because the
     * entry was there; the file kept one link too many. A link is decided by its receipt.
     */
    @Test
    void aLinkIsDecidedByItsReceiptNotByAnEntryThatWasThereBefore() {
        InodeAttr home = createLocked("home2");
        childGroup.run(new ResolveLockRequest(childGroup.h(), home.ino(), home.ctimeNs(), true));
        long file = childGroup.create(home.ino(), "data", 0644).ino();
        long first = childGroup.run(new io.wfs.common.msg.meta.LockForLinkRequest(childGroup.h(), file, ROOT, n("alias")))
                .attr().ctimeNs();
        parentGroup.run(new LinkLockedChildRequest(parentGroup.h(), ROOT, n("alias"), file, FILE, first));
        childGroup.run(new ResolveLockRequest(childGroup.h(), file, first, true));
        assertEquals(2, childGroup.stat(file).nlink());
        // The second link's coordinator stops before its step: the sweep must undo, entry or not.
        long second = childGroup.run(new io.wfs.common.msg.meta.LockForLinkRequest(childGroup.h(), file, ROOT, n("alias")))
                .attr().ctimeNs();
        assertEquals(file, parentGroup.lookup(ROOT, "alias").ino());
        assertFalse(parentGroup.run(removalCheck("alias", file, second)).exists(), "no receipt for the second link");
        assertTrue(parentGroup.run(removalCheck("alias", file, first)).exists(), "the first link left one");
        childGroup.run(new ResolveLockRequest(childGroup.h(), file, second, false));
        assertEquals(2, childGroup.stat(file).nlink());
    }

    /** A coordinator's late undo of a lock the sweep already finished must not undo the next lock. */
    @Test
    void aResolutionOfAnEarlierLockChangesNothing() {
        InodeAttr dir = createLocked("twice");
        childGroup.run(new ResolveLockRequest(childGroup.h(), dir.ino(), dir.ctimeNs(), true));
        long first = childGroup.run(new LockForRemoveRequest(childGroup.h(), dir.ino(), ROOT, n("twice"), true)).attr().ctimeNs();
        childGroup.run(new ResolveLockRequest(childGroup.h(), dir.ino(), first, false));
        long second = childGroup.run(new LockForRemoveRequest(childGroup.h(), dir.ino(), ROOT, n("twice"), true)).attr()
                .ctimeNs();
        childGroup.run(new ResolveLockRequest(childGroup.h(), dir.ino(), first, true));
        childGroup.stat(dir.ino());
        childGroup.fails(WfsErrorCode.LOCKED, new MknodRequest(childGroup.h(), dir.ino(), n("f"), FILE, 0));
        childGroup.run(new ResolveLockRequest(childGroup.h(), dir.ino(), second, false));
        childGroup.run(new MknodRequest(childGroup.h(), dir.ino(), n("f"), FILE, 0));
    }

    @Test
    void intentsSurviveASnapshot() throws Exception {
        createLocked("snap");
        var bytes = new java.io.ByteArrayOutputStream();
        childGroup.machine().writeSnapshot(new java.io.DataOutputStream(bytes));
        var copy = new io.wfs.meta.state.MetaStateMachine(new int[0]);
        copy.readSnapshot(new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(1, copy.intentsLockedBefore(Long.MAX_VALUE).size());
        assertEquals(childGroup.machine().digest(), copy.digest());
    }
}
