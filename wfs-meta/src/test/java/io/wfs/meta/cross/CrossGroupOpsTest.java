package io.wfs.meta.cross;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.CreateLockedRequest;
import io.wfs.common.msg.meta.EntryCheckRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LinkLockedChildRequest;
import io.wfs.common.msg.meta.LockForRemoveRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.UnlinkLockedChildRequest;
import io.wfs.meta.ops.MetaTester;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The protocol steps, on two real state machines standing for two groups (slots split in half). */
class CrossGroupOpsTest {
    private final MetaTester parentGroup = new MetaTester(IntStream.range(0, 2048).toArray());
    private final MetaTester childGroup = new MetaTester(IntStream.range(2048, 4096).toArray());

    private InodeAttr createLocked(String name) {
        return childGroup.run(new CreateLockedRequest(childGroup.h(), 3000, 0755, 1000, 100, ROOT, n(name))).attr();
    }

    @Test
    void aLockedChildRefusesChangesUntilResolvedAndIsKeptOnCommit() {
        InodeAttr child = createLocked("d");
        assertEquals(040755, child.mode());
        assertEquals(3000, (int) (child.ino() >>> 52));
        assertEquals(1, childGroup.machine().intentsLockedBefore(Long.MAX_VALUE).size());
        childGroup.fails(WfsErrorCode.LOCKED, new MknodRequest(childGroup.h(), child.ino(), n("f"), 0100644, 0));
        parentGroup.run(new LinkLockedChildRequest(parentGroup.h(), ROOT, n("d"), child.ino(), 040755, child.ctimeNs()));
        assertTrue(parentGroup.run(new EntryCheckRequest(parentGroup.h(), ROOT, n("d"), child.ino())).exists());
        assertEquals(3, parentGroup.stat(ROOT).nlink(), "the parent counts the remote subdirectory");
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), true));
        childGroup.run(new MknodRequest(childGroup.h(), child.ino(), n("f"), 0100644, 0));
        assertTrue(childGroup.machine().intentsLockedBefore(Long.MAX_VALUE).isEmpty());
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), false));
        childGroup.stat(child.ino());
    }

    @Test
    void anUndoneCreateLeavesNothing() {
        long before = childGroup.machine().<Long>read(ns -> ns.usedInodes());
        InodeAttr child = createLocked("gone");
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), false));
        childGroup.fails(WfsErrorCode.ENOENT, new GetAttrRequest(childGroup.h(), child.ino()));
        assertEquals(before, (long) childGroup.machine().<Long>read(ns -> ns.usedInodes()));
    }

    @Test
    void theEntryIsRefusedOnceTheLockIsOld() {
        InodeAttr child = createLocked("late");
        parentGroup.fails(WfsErrorCode.LOCKED, new LinkLockedChildRequest(parentGroup.h(), ROOT, n("late"), child.ino(), 040755,
                parentGroup.now() - 3_500_000_000L));
        assertFalse(parentGroup.run(new EntryCheckRequest(parentGroup.h(), ROOT, n("late"), child.ino())).exists());
    }

    @Test
    void removalLocksOnlyAnEmptyDirectoryAndDeletesOnCommit() {
        InodeAttr child = createLocked("r");
        parentGroup.run(new LinkLockedChildRequest(parentGroup.h(), ROOT, n("r"), child.ino(), 040755, child.ctimeNs()));
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), true));
        childGroup.run(new MknodRequest(childGroup.h(), child.ino(), n("f"), 0100644, 0));
        childGroup.fails(WfsErrorCode.ENOTEMPTY, new LockForRemoveRequest(childGroup.h(), child.ino(), ROOT, n("r"), true));
        childGroup.run(new io.wfs.common.msg.meta.UnlinkRequest(childGroup.h(), child.ino(), n("f")));
        InodeAttr locked = childGroup.run(new LockForRemoveRequest(childGroup.h(), child.ino(), ROOT, n("r"), true)).attr();
        childGroup.fails(WfsErrorCode.LOCKED, new MknodRequest(childGroup.h(), child.ino(), n("g"), 0100644, 0));
        parentGroup.run(new UnlinkLockedChildRequest(parentGroup.h(), ROOT, n("r"), child.ino(), locked.uid(), locked.ctimeNs(), true));
        assertEquals(2, parentGroup.stat(ROOT).nlink());
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), true));
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
        parentGroup.run(new LinkLockedChildRequest(parentGroup.h(), ROOT, n("moved-away"), child.ino(), 040755, child.ctimeNs()));
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), true));
        // An rmdir of ROOT/"stale" prepared before the directory got its present name locks it anyway.
        InodeAttr locked = childGroup.run(new LockForRemoveRequest(childGroup.h(), child.ino(), ROOT, n("stale"), true)).attr();
        assertFalse(parentGroup.run(new EntryCheckRequest(parentGroup.h(), ROOT, n("stale"), child.ino())).exists(),
                "the name is absent...");
        assertFalse(parentGroup.run(new EntryCheckRequest(parentGroup.h(), ROOT, n("stale"), child.ino(), locked.ctimeNs()))
                .exists(), "...but nothing removed it under this lock");
        parentGroup.fails(WfsErrorCode.ENOENT, new UnlinkLockedChildRequest(parentGroup.h(), ROOT, n("stale"), child.ino(),
                locked.uid(), locked.ctimeNs(), true));
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), false));

        InodeAttr again = childGroup.run(new LockForRemoveRequest(childGroup.h(), child.ino(), ROOT, n("moved-away"), true))
                .attr();
        parentGroup.run(new UnlinkLockedChildRequest(parentGroup.h(), ROOT, n("moved-away"), child.ino(), again.uid(),
                again.ctimeNs(), true));
        assertTrue(parentGroup.run(new EntryCheckRequest(parentGroup.h(), ROOT, n("moved-away"), child.ino(), again.ctimeNs()))
                .exists());
        assertFalse(parentGroup.run(new EntryCheckRequest(parentGroup.h(), ROOT, n("moved-away"), child.ino(),
                again.ctimeNs() - 1)).exists(), "a receipt answers only for the lock it was written under");
        MetaTester restored = parentGroup.restoredFromSnapshot();
        assertTrue(restored.run(new EntryCheckRequest(restored.h(), ROOT, n("moved-away"), child.ino(), again.ctimeNs()))
                .exists(), "receipts survive a snapshot");
    }

    @Test
    void anUndoneRemovalUnlocksTheDirectory() {
        InodeAttr child = createLocked("keep");
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), true));
        childGroup.run(new LockForRemoveRequest(childGroup.h(), child.ino(), ROOT, n("keep"), true));
        childGroup.run(new ResolveLockRequest(childGroup.h(), child.ino(), false));
        childGroup.run(new MknodRequest(childGroup.h(), child.ino(), n("f"), 0100644, 0));
    }

    @Test
    void theParentsRulesStillApplyToTheEntry() {
        parentGroup.run(new SetAttrRequest(parentGroup.h(), ROOT, SetAttrRequest.MODE, 0755, 0, 0, 0, 0, 0));
        InodeAttr child = createLocked("x");
        parentGroup.as(1000, 100);
        parentGroup.fails(WfsErrorCode.EACCES, new LinkLockedChildRequest(parentGroup.h(), ROOT, n("x"), child.ino(), 040755,
                child.ctimeNs()));
        parentGroup.as(0, 0).run(new MkdirRequest(parentGroup.h(), ROOT, n("taken"), 0755));
    }

    @Test
    void aLinkIsCountedWhileLockedAndTakenBackOnUndo() {
        long dir = createLocked("home").ino();
        childGroup.run(new ResolveLockRequest(childGroup.h(), dir, true));
        long file = childGroup.create(dir, "data", 0644).ino();
        InodeAttr locked = childGroup.run(new io.wfs.common.msg.meta.LockForLinkRequest(childGroup.h(), file, ROOT, n("alias")))
                .attr();
        assertEquals(2, locked.nlink());
        childGroup.fails(WfsErrorCode.LOCKED, new io.wfs.common.msg.meta.UnlinkRequest(childGroup.h(), dir, n("data")));
        childGroup.run(new ResolveLockRequest(childGroup.h(), file, false));
        assertEquals(1, childGroup.stat(file).nlink());
        childGroup.fails(WfsErrorCode.EPERM, new io.wfs.common.msg.meta.LockForLinkRequest(childGroup.h(), dir, ROOT, n("d")));
        // A file being unlinked from a remote entry drops one link on commit.
        childGroup.run(new io.wfs.common.msg.meta.LockForLinkRequest(childGroup.h(), file, ROOT, n("alias")));
        childGroup.run(new ResolveLockRequest(childGroup.h(), file, true));
        childGroup.run(new LockForRemoveRequest(childGroup.h(), file, ROOT, n("alias"), false));
        childGroup.fails(WfsErrorCode.EISDIR, new LockForRemoveRequest(childGroup.h(), dir, ROOT, n("home"), false));
        childGroup.run(new ResolveLockRequest(childGroup.h(), file, true));
        assertEquals(1, childGroup.stat(file).nlink());
    }

    @Test
    void aOneEntryRenameAcrossGroupsIsSentBackForTheCoordinatorAndLinkAnswersExdev() {
        long remoteDir = createLocked("remote").ino();
        childGroup.run(new ResolveLockRequest(childGroup.h(), remoteDir, true));
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
