package io.wfs.client.create;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.wfs.client.Caller;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.posix.Posix;
import org.junit.jupiter.api.Test;

/** The chown, chmod and utimens a client folds into a create it has not sent yet: SetAttrOp's rules for the creator. */
class PendingAttrChangeTest {
    private static final Caller ROOT = new Caller(0, 0, new int[0]);
    private static final Caller USER = new Caller(1000, 100, new int[] {100, 200});
    private static final long NOW = 5_000;

    private static InodeAttr file(int uid, int gid, int permissions) {
        return new InodeAttr(77, Posix.S_IFREG | permissions, 1, uid, gid, 10, 1_000, 2_000, 3_000, 0, 9);
    }

    @Test
    void tarAsRootSetsTimesOwnerAndModeOfTheFileItCreated() {
        InodeAttr a = file(0, 0, 0600);
        a = PendingAttrChange.apply(a, ROOT, SetAttr.NOTHING.withAtime(11).withMtime(22), NOW);
        a = PendingAttrChange.apply(a, ROOT, SetAttr.NOTHING.withUid(1234).withGid(567), NOW + 1);
        a = PendingAttrChange.apply(a, ROOT, SetAttr.NOTHING.withMode(04755), NOW + 2);
        assertEquals(Posix.S_IFREG | 04755, a.mode());
        assertEquals(1234, a.uid());
        assertEquals(567, a.gid());
        assertEquals(11, a.atimeNs());
        assertEquals(22, a.mtimeNs());
        assertEquals(NOW + 2, a.ctimeNs(), "ctime: the last change");
        assertEquals(10, a.size());
    }

    @Test
    void aChownClearsSetUserIdAndAGroupExecutableSetGroupIdEvenForRoot() {
        InodeAttr a = PendingAttrChange.apply(file(0, 0, 06755), ROOT, SetAttr.NOTHING.withUid(0), NOW);
        assertEquals(Posix.S_IFREG | 0755, a.mode());
        InodeAttr locking = PendingAttrChange.apply(file(0, 0, 02644), ROOT, SetAttr.NOTHING.withGid(5), NOW);
        assertEquals(Posix.S_IFREG | 02644, locking.mode(), "set-group-id without group-execute marks locking and stays");
    }

    @Test
    void theCreatorMayPickAGroupItIsInAndNothingElse() {
        InodeAttr a = PendingAttrChange.apply(file(1000, 100, 0644), USER, SetAttr.NOTHING.withGid(200), NOW);
        assertEquals(200, a.gid());
        WfsException away = assertThrows(WfsException.class,
                () -> PendingAttrChange.apply(file(1000, 100, 0644), USER, SetAttr.NOTHING.withUid(0), NOW));
        assertEquals(WfsErrorCode.EPERM, away.code());
        WfsException foreign = assertThrows(WfsException.class,
                () -> PendingAttrChange.apply(file(1000, 100, 0644), USER, SetAttr.NOTHING.withGid(300), NOW));
        assertEquals(WfsErrorCode.EPERM, foreign.code());
        InodeAttr chmod = PendingAttrChange.apply(file(1000, 300, 0644), USER, SetAttr.NOTHING.withMode(02755), NOW);
        assertEquals(Posix.S_IFREG | 0755, chmod.mode(), "chmod drops set-group-id of a group its caller is not in");
    }

    @Test
    void nowTimesAreTheClientsClock() {
        InodeAttr a = PendingAttrChange.apply(file(1000, 100, 0644), USER,
                SetAttr.NOTHING.withAtimeNow().withMtimeNow(), NOW);
        assertEquals(NOW, a.atimeNs());
        assertEquals(NOW, a.mtimeNs());
        assertEquals(0644, a.mode() & Posix.PERMISSION_BITS, "times alone change no mode");
    }

    @Test
    void aSizeChangeOrAnotherUsersChangeGoesToTheServers() {
        assertNull(PendingAttrChange.apply(file(1000, 100, 0644), USER, SetAttr.NOTHING.withSize(0), NOW));
        assertNull(PendingAttrChange.apply(file(1000, 100, 0666), new Caller(1001, 100, new int[0]),
                SetAttr.NOTHING.withMtimeNow(), NOW), "a non-owner's utimes(now) needs the file's write permission");
    }
}
