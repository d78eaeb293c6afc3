package io.wfs.meta.session;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.msg.meta.AnnounceOpensRequest;
import io.wfs.common.msg.meta.CloseBatchRequest;
import io.wfs.common.msg.meta.CloseRequest;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.lock.HeldLock;
import io.wfs.common.msg.meta.GetLockRequest;
import io.wfs.common.msg.meta.GetSlicesRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.LockInfoReply;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.OpenRequest;
import io.wfs.common.msg.meta.SessionHeartbeatRequest;
import io.wfs.common.msg.meta.SetLockRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.posix.Posix;
import io.wfs.meta.ops.MetaTester;
import io.wfs.meta.state.InternalCommand;
import io.wfs.meta.state.MetaCommand;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Open files and locks of two client sessions, A and B, through the state machine. */
class ClientSessionOpsTest {
    private static final long A = 11;
    private static final long B = 22;
    private static final long LEASE_NS = 60_000_000_000L;
    private final MetaTester t = new MetaTester();
    private long seqA;
    private long seqB;

    private MetaHeader a() {
        seqA++;
        return new MetaHeader(1000, 100, new int[0]).withSequence(A, seqA, seqA - 1);
    }

    private MetaHeader b() {
        seqB++;
        return new MetaHeader(1001, 100, new int[0]).withSequence(B, seqB, seqB - 1);
    }

    private SetLockRequest posix(MetaHeader h, long ino, int type, long start, long end, long owner) {
        return new SetLockRequest(h, ino, SetLockRequest.POSIX, type, start, end, owner);
    }

    private void expireSessionsIdleFor(long idleNs) {
        t.machine().apply(ByteBuffer.wrap(MetaCommand.encode(InternalCommand.EXPIRE_SESSIONS, t.now() + idleNs,
                ByteBuffer.allocate(8).putLong(LEASE_NS).array())), 1_000_000);
        t.releaseOrphans();
    }

    @Test
    void conflictingRecordLocksOfTwoSessions() {
        long f = t.create(ROOT, "f", 0666).ino();
        t.run(posix(a(), f, SetLockRequest.WRITE, 0, 99, 1));
        t.fails(WfsErrorCode.EAGAIN, posix(b(), f, SetLockRequest.READ, 50, 60, 7));
        t.run(posix(b(), f, SetLockRequest.WRITE, 100, 199, 7));
        LockInfoReply conflict = t.run(new GetLockRequest(b(), f, SetLockRequest.POSIX, SetLockRequest.READ, 0, 10, 7));
        assertTrue(conflict.found());
        assertEquals(SetLockRequest.WRITE, conflict.type());
        assertEquals(A, conflict.session());
        // A unlocks the middle: the rest of its range stays locked.
        t.run(posix(a(), f, SetLockRequest.UNLOCK, 40, 69, 1));
        t.run(posix(b(), f, SetLockRequest.READ, 50, 60, 7));
        t.fails(WfsErrorCode.EAGAIN, posix(b(), f, SetLockRequest.WRITE, 30, 45, 7));
        // Read locks share; the same owner converts its own range.
        t.run(posix(a(), f, SetLockRequest.READ, 0, 10, 1));
        assertFalse(t.run(new GetLockRequest(b(), f, SetLockRequest.POSIX, SetLockRequest.READ, 0, 10, 7)).found());
    }

    @Test
    void flocksAreWholeFileSharedOrExclusive() {
        long f = t.create(ROOT, "f", 0666).ino();
        t.run(new SetLockRequest(a(), f, SetLockRequest.FLOCK, SetLockRequest.READ, 0, 0, 1));
        t.run(new SetLockRequest(b(), f, SetLockRequest.FLOCK, SetLockRequest.READ, 0, 0, 2));
        t.fails(WfsErrorCode.EAGAIN, new SetLockRequest(b(), f, SetLockRequest.FLOCK, SetLockRequest.WRITE, 0, 0, 2));
        t.run(new SetLockRequest(a(), f, SetLockRequest.FLOCK, SetLockRequest.UNLOCK, 0, 0, 1));
        t.run(new SetLockRequest(b(), f, SetLockRequest.FLOCK, SetLockRequest.WRITE, 0, 0, 2));
        // A POSIX lock does not conflict with a flock (separate lock kinds on Linux).
        t.run(posix(a(), f, SetLockRequest.WRITE, 0, 10, 1));
    }

    @Test
    void aSessionThatStopsRenewingLosesItsLocksAfterTheLease() {
        long f = t.create(ROOT, "f", 0666).ino();
        // SetLockOp's leader step records a session's first lock in a group with a heartbeat entry.
        t.run(new SessionHeartbeatRequest(a(), 0));
        t.run(posix(a(), f, SetLockRequest.WRITE, 0, SetLockRequest.TO_EOF, 1));
        t.run(new SessionHeartbeatRequest(b(), 0));
        t.fails(WfsErrorCode.EAGAIN, posix(b(), f, SetLockRequest.WRITE, 0, 0, 7));
        expireSessionsIdleFor(LEASE_NS / 2);
        t.fails(WfsErrorCode.EAGAIN, posix(b(), f, SetLockRequest.WRITE, 0, 0, 7));
        // B keeps renewing; A went silent for longer than the lease.
        t.run(new SessionHeartbeatRequest(b(), 0));
        expireSessionsIdleFor(LEASE_NS + 1_000_000_000L);
        t.run(posix(b(), f, SetLockRequest.WRITE, 0, 0, 7));
    }

    @Test
    void anUnlinkedOpenFileLivesUntilItsLastClose() {
        long f = t.create(ROOT, "f", 0666).ino();
        t.run(new CommitSlicesRequest(t.h(), f, List.of(new SliceInfo(0, 10, 1, 777, 0)), 10));
        t.run(new OpenRequest(a(), f, 0));
        t.run(new OpenRequest(b(), f, 2));
        t.run(new UnlinkRequest(t.h(), ROOT, n("f")));
        assertEquals(0, t.stat(f).nlink(), "nameless but alive");
        assertEquals(10, t.run(new GetAttrRequest(t.h(), f)).attr().size());
        assertEquals(0, t.machine().pendingDeletions(10).length);
        t.run(new CloseRequest(a(), f));
        t.stat(f);
        t.run(new CloseRequest(b(), f));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(f));
        assertArrayEquals(new long[] {777}, t.machine().pendingDeletions(10));
    }

    @Test
    void aFileCreatedOpenLivesAfterItsUnlinkUntilTheCreatorCloses() {
        long f = t.run(new MknodRequest(a(), ROOT, n("created-open"), Posix.S_IFREG | 0444, 0, true)).attr().ino();
        t.run(new UnlinkRequest(t.h(), ROOT, n("created-open")));
        assertEquals(0, t.stat(f).nlink(), "the create's own open keeps it, with no OpenRequest");
        t.run(new CloseRequest(a(), f));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(f));
        // Without the flag, nothing holds a created file once its name goes.
        long g = t.run(new MknodRequest(a(), ROOT, n("plain"), Posix.S_IFREG | 0644, 0)).attr().ino();
        t.run(new UnlinkRequest(t.h(), ROOT, n("plain")));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(g));
    }

    @Test
    void onlyARegularFileWithASessionIsCreatedOpen() {
        t.fails(WfsErrorCode.EINVAL, new MknodRequest(a(), ROOT, n("fifo"), Posix.S_IFIFO | 0644, 0, true));
        t.fails(WfsErrorCode.BAD_REQUEST, new MknodRequest(MetaHeader.root(), ROOT, n("nosession"), Posix.S_IFREG | 0644, 0, true));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.lookup(ROOT, "fifo"));
    }

    @Test
    void anExpiredSessionReleasesTheOrphansItHeld() {
        long f = t.create(ROOT, "g", 0666).ino();
        t.run(new OpenRequest(a(), f, 0));
        t.run(new UnlinkRequest(t.h(), ROOT, n("g")));
        t.stat(f);
        expireSessionsIdleFor(LEASE_NS + 1);
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(f));
    }

    @Test
    void openChecksAccessForItsMode() {
        long f = t.as(0, 0).create(ROOT, "ro", 0644).ino();
        t.run(new OpenRequest(b(), f, 0));
        t.fails(WfsErrorCode.EACCES, new OpenRequest(b(), f, 1));
        long d = t.mkdir(ROOT, "d", 0777).ino();
        t.fails(WfsErrorCode.EISDIR, new OpenRequest(a(), d, 2));
        t.fails(WfsErrorCode.BAD_REQUEST, new OpenRequest(MetaHeader.root(), f, 0));
    }

    @Test
    void anOpenRidingInASliceFetchCountsAsAnOpenAndChecksItsOwnAccess() {
        long f = t.as(0, 0).create(ROOT, "fetched", 0644).ino();
        t.run(new CommitSlicesRequest(t.h(), f, List.of(new SliceInfo(0, 10, 1, 778, 0)), 10));
        SlicesReply read = t.run(GetSlicesRequest.opening(a(), f, 0));
        assertTrue(read.opened(), "the reply says the open rode along");
        assertEquals(1, read.slices().size());
        assertEquals(10, read.attr().size());
        t.fails(WfsErrorCode.EACCES, GetSlicesRequest.opening(b(), f, 1));
        assertFalse(t.run(new GetSlicesRequest(b(), f)).opened(), "a plain fetch opens nothing");
        // Write-only for others: the open's own check decides, and the handle still gets the slices.
        long w = t.as(0, 0).create(ROOT, "writeonly", 0642).ino();
        t.run(new CommitSlicesRequest(t.h(), w, List.of(new SliceInfo(0, 5, 1, 779, 0)), 5));
        assertEquals(1, t.run(GetSlicesRequest.opening(b(), w, 1)).slices().size());
        t.fails(WfsErrorCode.EACCES, GetSlicesRequest.opening(b(), w, 0));
        t.fails(WfsErrorCode.EACCES, new GetSlicesRequest(b(), w));
        // The riding open holds the file after its last name goes, until its close.
        t.run(new UnlinkRequest(t.h(), ROOT, n("fetched")));
        assertEquals(0, t.stat(f).nlink(), "nameless but alive");
        t.run(new CloseRequest(a(), f));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(f));
    }

    @Test
    void aSliceFetchThatOpensNeedsASessionAValidModeAndARegularFile() {
        long f = t.create(ROOT, "plain", 0644).ino();
        t.fails(WfsErrorCode.BAD_REQUEST, GetSlicesRequest.opening(MetaHeader.root(), f, 0));
        t.fails(WfsErrorCode.BAD_REQUEST, GetSlicesRequest.opening(a(), f, 3));
        long d = t.mkdir(ROOT, "dir", 0777).ino();
        t.fails(WfsErrorCode.EISDIR, GetSlicesRequest.opening(a(), d, 0));
        // A refused fetch counted no open: the file goes with its name.
        t.run(new UnlinkRequest(t.h(), ROOT, n("plain")));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(f));
    }

    @Test
    void opensAndOrphansSurviveASnapshot() throws Exception {
        long f = t.create(ROOT, "s", 0666).ino();
        t.run(posix(a(), f, SetLockRequest.WRITE, 5, 9, 1));
        t.run(new OpenRequest(a(), f, 0));
        t.run(new UnlinkRequest(t.h(), ROOT, n("s")));
        var bytes = new java.io.ByteArrayOutputStream();
        t.machine().writeSnapshot(new java.io.DataOutputStream(bytes));
        var copy = new io.wfs.meta.state.MetaStateMachine(new int[0]);
        copy.readSnapshot(new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(t.machine().digest(), copy.digest());
    }

    /** The scan state ({@code ScanInodesReply} bits) of {@code ino}, as {@code wfs fsck} reads it. */
    private static int scanState(MetaTester m, long ino) {
        var page = m.run(new io.wfs.common.msg.meta.ScanInodesRequest(m.h(), io.wfs.meta.namespace.InodeNumbers.slotOf(ino),
                0, 0, 4096, 16384));
        for (int i = 0; i < page.inos().length; i++) {
            if (page.inos()[i] == ino) {
                return page.states()[i];
            }
        }
        throw new AssertionError("inode " + ino + " not in its slot's scan");
    }

    @Test
    void aNewLeaderKeepsEveryOrphanUntilItsSessionsAnnouncedTheirOpensOrTheWindowEnds() {
        // Both are clients that open files: their heartbeats record them as openers.
        t.run(new SessionHeartbeatRequest(a(), 0));
        t.run(new SessionHeartbeatRequest(b(), 0));
        long kept = t.create(ROOT, "kept", 0666).ino();
        long dropped = t.create(ROOT, "dropped", 0666).ino();
        t.run(new CommitSlicesRequest(t.h(), kept, List.of(new SliceInfo(0, 10, 1, 901, 0)), 10));
        t.run(new OpenRequest(a(), kept, 0));
        t.run(new OpenRequest(b(), dropped, 0));
        t.run(new UnlinkRequest(t.h(), ROOT, n("kept")));
        t.run(new UnlinkRequest(t.h(), ROOT, n("dropped")));

        // The leader dies; the next one knows the orphans (replicated), not who holds them.
        MetaTester next = t.restoredFromSnapshot(java.time.Duration.ofSeconds(30));
        assertFalse(next.machine().announced(A), "a new leader waits for each session's announcement");
        next.run(new AnnounceOpensRequest(a(), 0, new long[] {kept}, new int[] {1}, true));
        assertTrue(next.machine().announced(A));
        assertFalse(next.machine().announced(B));
        next.advance(29_000_000_000L);
        assertEquals(0, next.releaseOrphans(), "inside the window every orphan stays: B may still announce");
        assertEquals(0, next.stat(dropped).nlink());
        // What wfs fsck sees meanwhile: one held, one the leader may not release yet (not damage).
        int orphan = io.wfs.common.msg.meta.ScanInodesReply.ORPHAN;
        assertEquals(orphan | io.wfs.common.msg.meta.ScanInodesReply.HELD_OPEN, scanState(next, kept));
        assertEquals(orphan | io.wfs.common.msg.meta.ScanInodesReply.RELEASE_WAITS, scanState(next, dropped));
        next.advance(2_000_000_000L);
        // (MetaTester releases orphans after every request, as the leader's housekeeping would soon.)
        assertEquals(orphan, scanState(next, dropped), "after the window an orphan nobody holds is one to release");
        MetaTester.fails(WfsErrorCode.ENOENT, () -> next.stat(dropped));
        assertEquals(10, next.stat(kept).size(), "the announced one stays, with its data");
        assertEquals(0, next.machine().pendingDeletions(10).length);
        next.run(new CloseRequest(a(), kept));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> next.stat(kept));
        assertArrayEquals(new long[] {901}, next.machine().pendingDeletions(10));
    }

    /**
     * Regression (OpenFilesUnderLeaderKillIT): a close the client counted before it announced to the
     * new leader, and resent to it after (it was in flight when the old leader died), was counted
     * twice, and the file still open through A's other handle was released.
     */
    @Test
    void opensAndClosesTheAnnouncementHoldsAlreadyAreNotCountedAgain() {
        t.run(new SessionHeartbeatRequest(a(), 0));
        long f = t.create(ROOT, "f", 0666).ino();
        long g = t.create(ROOT, "g", 0666).ino();
        // Epoch 1: two handles of f.
        t.run(new OpenRequest(a(), f, 0, 1));
        t.run(new OpenRequest(a(), f, 0, 1));
        t.run(new UnlinkRequest(t.h(), ROOT, n("f")));
        MetaTester next = t.restoredFromSnapshot(java.time.Duration.ofSeconds(30));
        // The client closed one handle, then announced (epoch 2: f once, and g that it opened meanwhile).
        next.run(new AnnounceOpensRequest(a(), 0, new long[] {f, g}, new int[] {1, 1}, true).atOpenEpoch(2));
        next.run(new CloseRequest(a(), f, 1));
        next.run(new OpenRequest(a(), g, 0, 1));
        next.advance(31_000_000_000L);
        assertEquals(0, next.stat(f).nlink(), "the resent close of epoch 1 is in the announcement: f is still held");
        next.run(new CloseRequest(a(), g, 2));
        next.run(new UnlinkRequest(next.h(), ROOT, n("g")));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> next.stat(g));
        // A close counted after the announcement counts; so does one of epoch 0 (older clients).
        next.run(new CloseRequest(a(), f, 2));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> next.stat(f));
        assertTrue(io.wfs.common.msg.meta.OpenEpochs.counts(0, 5), "epoch 0 always counts");
    }

    /**
     * Gathered closes (client.close-delay): each inode closed as often as it appears, each with its
     * own epoch; another session's opens untouched; a leader still applying its predecessor's entries refuses.
     */
    @Test
    void aBatchOfClosesClosesEachOfItsOpensOnce() {
        t.run(new SessionHeartbeatRequest(a(), 0));
        long f = t.create(ROOT, "f", 0666).ino();
        long g = t.create(ROOT, "g", 0666).ino();
        t.run(new OpenRequest(a(), f, 0, 1));
        t.run(new OpenRequest(a(), f, 0, 1));
        t.run(new OpenRequest(a(), g, 0, 1));
        t.run(new OpenRequest(b(), g, 0));
        t.run(new UnlinkRequest(t.h(), ROOT, n("f")));
        t.run(new UnlinkRequest(t.h(), ROOT, n("g")));
        t.run(new CloseBatchRequest(a(), new long[] {f, g}, new long[] {1, 1}));
        assertEquals(0, t.stat(f).nlink(), "one of A's two handles of f is still open");
        t.run(new CloseBatchRequest(a(), new long[] {f}, new long[] {1}));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(f));
        assertEquals(0, t.stat(g).nlink(), "B still holds g");
        t.run(new CloseBatchRequest(b(), new long[] {g, g}, new long[] {0, 0}));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(g));
        t.machine().onLeaderStop();
        t.fails(WfsErrorCode.EBUSY, new CloseBatchRequest(a(), new long[] {f}, new long[] {1}));
    }

    @Test
    void aReplicaThatDoesNotLeadServesNoOpensAndASecondAnnouncementChangesNothing() {
        long f = t.create(ROOT, "f", 0666).ino();
        t.machine().onLeaderStop();
        t.fails(WfsErrorCode.EBUSY, new OpenRequest(a(), f, 0));
        t.fails(WfsErrorCode.EBUSY, new CloseRequest(a(), f));
        assertTrue(t.machine().announced(A), "a follower leaves the answer to the leader (NOT_LEADER)");
        t.machine().onLeaderStart(3);
        t.run(new AnnounceOpensRequest(a(), 0, new long[] {f}, new int[] {1}, true));
        // A resend racing the first (its snapshot older) is ignored: the first one counts.
        t.run(new AnnounceOpensRequest(a(), 0, new long[0], new int[0], true));
        t.run(new UnlinkRequest(t.h(), ROOT, n("f")));
        assertEquals(0, t.stat(f).nlink(), "held by A's announced open");
        t.run(new CloseRequest(a(), f));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(f));
    }

    @Test
    void anOrphanNobodyHoldsCannotBeOpenedAgain() {
        long f = t.create(ROOT, "f", 0666).ino();
        t.run(new OpenRequest(a(), f, 0));
        t.run(new UnlinkRequest(t.h(), ROOT, n("f")));
        // Held by A: B may open it by number (as /proc/PID/fd does), and keeps it after A's close.
        t.run(new OpenRequest(b(), f, 0));
        t.run(new CloseRequest(a(), f));
        assertEquals(0, t.stat(f).nlink());
        t.run(new CloseRequest(b(), f));
        t.fails(WfsErrorCode.ENOENT, new OpenRequest(a(), f, 0));
    }

    /**
     * Regression (found by the cross-group storm): a link by inode number that raced the unlink of
     * the last name gave the orphan a name, then the leader released it and the name dangled.
     * Linux answers ENOENT (vfs_link on nlink 0); so do we, while the file is still held open.
     */
    @Test
    void anOrphanCannotBeGivenANameAgain() {
        long f = t.create(ROOT, "f", 0666).ino();
        t.run(new OpenRequest(a(), f, 0));
        t.run(new UnlinkRequest(t.h(), ROOT, n("f")));
        t.fails(WfsErrorCode.ENOENT, new LinkRequest(t.h(), f, ROOT, n("again")));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.lookup(ROOT, "again"));
        t.run(new CloseRequest(a(), f));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> t.stat(f));
    }

    @Test
    void theWindowEndsAsSoonAsEveryOpenerAnnounced() {
        t.run(new SessionHeartbeatRequest(a(), 0));
        t.run(new SessionHeartbeatRequest(b(), 0));
        long heldByB = t.create(ROOT, "held", 0666).ino();
        long nobodys = t.create(ROOT, "nobodys", 0666).ino();
        t.run(new OpenRequest(b(), heldByB, 0));
        MetaTester next = t.restoredFromSnapshot(java.time.Duration.ofSeconds(30));
        // Unlinked under the new leader before anybody announced: both orphans wait.
        next.run(new UnlinkRequest(next.h(), ROOT, n("held")));
        next.run(new UnlinkRequest(next.h(), ROOT, n("nobodys")));
        next.run(new AnnounceOpensRequest(a(), 0, new long[0], new int[0], true));
        assertEquals(0, next.stat(nobodys).nlink(), "B, an opener, has not announced yet");
        // An inode the group no longer holds (deleted meanwhile) is skipped, not refused.
        next.run(new AnnounceOpensRequest(b(), 0, new long[] {heldByB, heldByB + 1000}, new int[] {1, 1}, true));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> next.stat(nobodys));
        assertEquals(0, next.stat(heldByB).nlink(), "held by B's announced open");
        next.run(new CloseRequest(b(), heldByB));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> next.stat(heldByB));
    }

    /** A and B open files (their heartbeats recorded them); A holds a write lock on [0, 99] of the file returned. */
    private long fileLockedByA() {
        t.run(new SessionHeartbeatRequest(a(), 0));
        t.run(new SessionHeartbeatRequest(b(), 0));
        long f = t.create(ROOT, "f", 0666).ino();
        t.run(posix(a(), f, SetLockRequest.WRITE, 0, 99, 1));
        return f;
    }

    @Test
    void aNewLeaderGrantsNoLockUntilItsHoldersAnnouncedThem() {
        long f = fileLockedByA();
        t.run(new SetLockRequest(a(), f, SetLockRequest.FLOCK, SetLockRequest.READ, 0, 0, 1));

        // The leader dies: the next one knows the sessions that open files, not their locks.
        MetaTester next = t.restoredFromSnapshot(java.time.Duration.ofSeconds(30));
        next.run(new AnnounceOpensRequest(b(), 0, new long[0], new int[0], true));
        next.fails(WfsErrorCode.EBUSY, posix(b(), f, SetLockRequest.WRITE, 50, 60, 7));
        next.fails(WfsErrorCode.EBUSY, new GetLockRequest(b(), f, SetLockRequest.POSIX, SetLockRequest.READ, 0, 10, 7));
        next.run(posix(b(), f, SetLockRequest.UNLOCK, 0, 10, 7));

        // A announces what it holds (a lock on an inode the group does not hold is skipped): conflicts as before.
        next.run(new AnnounceOpensRequest(a(), 0, new long[] {f}, new int[] {1}, true, List.of(
                new HeldLock(f, 1, SetLockRequest.POSIX, SetLockRequest.WRITE, 0, 99),
                new HeldLock(f, 1, SetLockRequest.FLOCK, SetLockRequest.READ, 0, SetLockRequest.TO_EOF),
                new HeldLock(f + 1000, 1, SetLockRequest.POSIX, SetLockRequest.WRITE, 0, 9))));
        next.fails(WfsErrorCode.EAGAIN, posix(b(), f, SetLockRequest.WRITE, 50, 60, 7));
        next.fails(WfsErrorCode.EAGAIN, new SetLockRequest(b(), f, SetLockRequest.FLOCK, SetLockRequest.WRITE, 0, 0, 2));
        LockInfoReply held = next.run(new GetLockRequest(b(), f, SetLockRequest.POSIX, SetLockRequest.READ, 0, 10, 7));
        assertTrue(held.found());
        assertEquals(99, held.end());
        assertEquals(A, held.session());
        next.run(posix(a(), f, SetLockRequest.UNLOCK, 0, SetLockRequest.TO_EOF, 1));
        next.run(posix(b(), f, SetLockRequest.WRITE, 50, 60, 7));
        next.run(new SetLockRequest(b(), f, SetLockRequest.FLOCK, SetLockRequest.READ, 0, 0, 2));
    }

    @Test
    void aHolderThatNeverAnnouncesHoldsUpNewLocksOnlyUntilTheWindowEnds() {
        long f = fileLockedByA();
        MetaTester next = t.restoredFromSnapshot(java.time.Duration.ofSeconds(30));
        next.run(new AnnounceOpensRequest(b(), 0, new long[0], new int[0], true));
        next.advance(29_000_000_000L);
        next.fails(WfsErrorCode.EBUSY, posix(b(), f, SetLockRequest.WRITE, 0, 9, 7));
        next.advance(2_000_000_000L);
        next.run(posix(b(), f, SetLockRequest.WRITE, 0, 9, 7));
    }

    @Test
    void aReplicaThatDoesNotLeadServesNoLocks() {
        long f = t.create(ROOT, "f", 0666).ino();
        t.machine().onLeaderStop();
        t.fails(WfsErrorCode.EBUSY, posix(a(), f, SetLockRequest.WRITE, 0, 9, 1));
        t.fails(WfsErrorCode.EBUSY, posix(a(), f, SetLockRequest.UNLOCK, 0, 9, 1));
        t.fails(WfsErrorCode.EBUSY, new GetLockRequest(a(), f, SetLockRequest.POSIX, SetLockRequest.READ, 0, 10, 7));
    }

    @Test
    void aCreateResentToANewLeaderAndAnsweredFromTheRecordStillCountsItsOpen() {
        t.run(new SessionHeartbeatRequest(a(), 0));
        // Applied by the old leader, which died before answering: the client never learnt the inode.
        MknodRequest create = new MknodRequest(a(), ROOT, n("made"), Posix.S_IFREG | 0644, 0, true);
        long made = t.run(create).attr().ino();
        MetaTester next = t.restoredFromSnapshot(java.time.Duration.ofSeconds(30));
        next.run(new AnnounceOpensRequest(a(), 0, new long[0], new int[0], true));
        assertEquals(made, next.run(create).attr().ino(), "the resend is answered from the record");
        next.run(new MknodRequest(b(), ROOT, n("other"), Posix.S_IFREG | 0644, 0));
        next.run(new UnlinkRequest(next.h(), ROOT, n("made")));
        next.advance(31_000_000_000L);
        next.releaseOrphans();
        assertEquals(0, next.stat(made).nlink(), "held by the create's open, counted at the resend");
        next.run(new CloseRequest(a(), made));
        MetaTester.fails(WfsErrorCode.ENOENT, () -> next.stat(made));
    }
}
