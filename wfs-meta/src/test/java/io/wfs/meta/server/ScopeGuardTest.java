package io.wfs.meta.server;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AnnounceOpensRequest;
import io.wfs.common.msg.meta.CommitSlicesRequest;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.OpenRequest;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.CreateLockedRequest;
import io.wfs.common.msg.meta.StepCheckRequest;
import io.wfs.common.msg.meta.ResolveLockRequest;
import io.wfs.common.msg.meta.LockForRemoveRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.ScanInodesRequest;
import io.wfs.common.msg.meta.SessionHeartbeatRequest;
import io.wfs.common.msg.meta.SetQuotaRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.msg.meta.SliceInfo;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.server.ScopedAccess;
import io.wfs.common.testing.ValidRequests;
import io.wfs.meta.ops.MetaTester;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The meta servers' checks of scoped connections, on a real state machine holding two volumes
 * (quota directories) side by side: every inode a request names must be in the scope's subtree.
 */
class ScopeGuardTest {
    private final MetaTester t = new MetaTester();
    private final ScopeGuard guard = new ScopeGuard(ScopeMembership.QUOTA_DIRECTORIES);
    private long volumes;
    private long a;
    private long b;
    private long aDir;
    private long aFile;
    private long bFile;
    private Scope scopeA;

    @BeforeEach
    void twoVolumes() {
        volumes = t.mkdir(ROOT, "volumes", 0755).ino();
        a = t.mkdir(volumes, "a", 0777).ino();
        b = t.mkdir(volumes, "b", 0777).ino();
        t.run(new SetQuotaRequest(t.h(), a, 0, 0));
        t.run(new SetQuotaRequest(t.h(), b, 0, 0));
        aDir = t.mkdir(a, "sub", 0777).ino();
        aFile = t.create(aDir, "f", 0644).ino();
        bFile = t.create(b, "secret", 0600).ino();
        scopeA = new Scope(a, false);
    }

    private void allowed(MetaRequest<?> request) {
        long[] inos = guard.checkSlots(scopeA, request);
        t.machine().read(ns -> {
            guard.checkMembership(scopeA, inos, ns);
            return null;
        });
    }

    private void refused(MetaRequest<?> request) {
        WfsException e = assertThrows(WfsException.class, () -> allowed(request));
        assertEquals(WfsErrorCode.EACCES, e.code(), e.getMessage());
    }

    @Test
    void everythingInsideTheVolumeIsAllowed() {
        allowed(new GetAttrRequest(t.h(), a));
        allowed(new ReaddirRequest(t.h(), aDir, 0, 100, false));
        allowed(new LookupRequest(t.h(), aDir, n("f")));
        allowed(new MkdirRequest(t.h(), aDir, n("new"), 0755));
        allowed(new RenameRequest(t.h(), aDir, n("f"), a, n("g"), 0));
        allowed(new LinkRequest(t.h(), aFile, a, n("second")));
        allowed(new SetXattrRequest(t.h(), aFile, n("user.x"), new byte[1], 0));
        allowed(new CommitSlicesRequest(t.h(), aFile, List.of(new SliceInfo(0, 10, 1, block(scopeA.slot()), 0)), 10));
        allowed(new SessionHeartbeatRequest(t.h(), 77));
    }

    @Test
    void theSiblingVolumeIsRefusedByPathAndByInodeNumber() {
        refused(new GetAttrRequest(t.h(), b));
        refused(new GetAttrRequest(t.h(), bFile));
        refused(new LookupRequest(t.h(), b, n("secret")));
        refused(new ReaddirRequest(t.h(), b, 0, 100, false));
        refused(new UnlinkRequest(t.h(), b, n("secret")));
        refused(new OpenRequest(t.h(), bFile, 0));
        refused(new SetXattrRequest(t.h(), bFile, n("user.x"), new byte[1], 0));
    }

    @Test
    void theVolumesParentAndTheClusterRootAreRefused() {
        refused(new GetAttrRequest(t.h(), ROOT));
        refused(new LookupRequest(t.h(), ROOT, n("volumes")));
        refused(new ReaddirRequest(t.h(), volumes, 0, 100, false));
        refused(new RmdirRequest(t.h(), volumes, n("b")));
    }

    @Test
    void everyInodeOfARequestCountsNotOnlyTheOneItIsRoutedBy() {
        refused(new RenameRequest(t.h(), aDir, n("f"), b, n("f"), 0));
        refused(new RenameRequest(t.h(), b, n("secret"), a, n("stolen"), 0));
        refused(new LinkRequest(t.h(), bFile, a, n("stolen")));
        refused(new LinkRequest(t.h(), aFile, b, n("planted")));
        refused(new AnnounceOpensRequest(t.h(), scopeA.slot(), new long[] {aFile, bFile}, new int[] {1, 1}, true));
    }

    @Test
    void blocksOfAnotherSlotAreRefused() {
        int other = (scopeA.slot() + 1) % 4096;
        refused(new CommitSlicesRequest(t.h(), aFile, List.of(new SliceInfo(0, 10, 1, block(other), 0)), 10));
    }

    @Test
    void aForgedInodeNumberThatExistsNowhereIsRefused() {
        refused(new GetAttrRequest(t.h(), a + 1_000_000));
        refused(new GetAttrRequest(t.h(), ((long) ((scopeA.slot() + 7) % 4096) << 52) | 2));
    }

    @Test
    void aScopeWhoseRootIsNotAQuotaDirectoryReachesNothingNotEvenItsRoot() {
        Scope plain = new Scope(aDir, false);
        for (long ino : new long[] {aDir, aFile}) {
            WfsException e = assertThrows(WfsException.class, () -> t.machine().read(ns -> {
                guard.checkMembership(plain, new long[] {ino}, ns);
                return null;
            }));
            assertEquals(WfsErrorCode.EACCES, e.code());
        }
    }

    @Test
    void anOpenFileWhoseNameWentStaysInScopeWhileItsDirectoryExists() {
        MetaHeader session = new MetaHeader(0, 0, new int[0]).withSequence(7, 1, 0);
        t.run(new OpenRequest(session, aFile, 2));
        t.run(new UnlinkRequest(t.h(), aDir, n("f")));
        allowed(new GetAttrRequest(t.h(), aFile));
        t.run(new RmdirRequest(t.h(), a, n("sub")));
        // Its directory gone too, nothing says which volume it was of: refused (docs/kubernetes.md).
        refused(new GetAttrRequest(t.h(), aFile));
    }

    @Test
    void aRequestTypeTheGuardDoesNotKnowIsRefused() {
        WfsException e = assertThrows(WfsException.class, () ->
                guard.checkSlots(scopeA, new ScanInodesRequest(t.h(), scopeA.slot(), 0, 0, 10, 100)));
        assertEquals(WfsErrorCode.EACCES, e.code());
        assertTrue(e.getMessage().contains("ScanInodesRequest"), e.getMessage());
    }

    /** Every metadata type a scoped connection may send is one the guard knows how to check. */
    @Test
    void theGuardKnowsEveryMetadataTypeScopedConnectionsMaySend() {
        Random random = new Random(3);
        for (MessageType type : MessageType.values()) {
            if (type.id() >= 100 && type.id() < 200 && ScopedAccess.allows(type)) {
                MetaRequest<?> request = (MetaRequest<?>) ValidRequests.of(type, random);
                long[] named = ScopeGuard.namedInodes(request);
                // A heartbeat and a lease poll name no inode: they concern the session only.
                if (type != MessageType.SESSION_HEARTBEAT && type != MessageType.CACHE_LEASE_POLL) {
                    assertTrue(named.length > 0, type + " names inodes");
                }
            }
        }
        assertArrayEquals(new long[] {1, 2}, ScopeGuard.namedInodes(new RenameRequest(t.h(), 1, n("x"), 2, n("y"), 0)));
    }

    /**
     * The steps between groups name the inode they lock, not the entry's parent (a removal's lock
     * must recall a delegation of the directory it removes), and a new locked inode's step names
     * none a scoped credential could be judged by.
     */
    @Test
    void theStepsBetweenGroupsNameTheInodeTheyLock() {
        assertArrayEquals(new long[] {7}, new LockForRemoveRequest(t.h(), 7, 3, n("d"), true).namedInodes());
        assertArrayEquals(new long[] {7}, new ResolveLockRequest(t.h(), 7, 99, true).namedInodes());
        assertArrayEquals(new long[] {3}, StepCheckRequest.receipt(t.h(), 3, n("d"), 7, 99).namedInodes());
        WfsException e = assertThrows(WfsException.class, () ->
                ScopeGuard.namedInodes(new CreateLockedRequest(t.h(), 1, 0755, 0, 0, 3, n("d"))));
        assertEquals(WfsErrorCode.EACCES, e.code());
    }

    @Test
    void rootSquashMakesRootNobodyAndLeavesOthersAlone() {
        MetaHeader h = new MetaHeader(0, 0, new int[] {0, 5}).withSequence(9, 3, 2).withRouteVersion(4);
        MetaHeader s = h.rootSquashed(Scope.NOBODY);
        assertEquals(65534, s.uid());
        assertEquals(65534, s.gid());
        assertArrayEquals(new int[] {65534, 5}, s.groups());
        assertEquals(9, s.session());
        assertEquals(3, s.seq());
        assertEquals(2, s.ackedSeq());
        assertEquals(4, s.routeVersion());
        MetaHeader user = new MetaHeader(1000, 100, new int[] {7}).rootSquashed(Scope.NOBODY);
        assertEquals(1000, user.uid());
        assertEquals(100, user.gid());
        assertArrayEquals(new int[] {7}, user.groups());
    }

    private static long block(int slot) {
        return ((long) slot << 52) | 12345;
    }
}
