package io.wfs.meta.state;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static io.wfs.meta.ops.MetaTester.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.ops.MetaTester;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class MetaStateMachineTest {
    private final MetaTester t = new MetaTester();
    private long index = 1000;

    private Object apply(MessageType type, long timeNs, io.wfs.common.msg.meta.MetaRequest<?> r) {
        return t.machine().apply(ByteBuffer.wrap(MetaCommand.encode(type, timeNs, r)), ++index);
    }

    @Test
    void aRetriedMutationIsAnsweredFromTheSessionTableNotAppliedTwice() {
        MetaHeader h = MetaHeader.root().withSequence(42, 1, 0);
        Object first = apply(MessageType.MKDIR, 10, new MkdirRequest(h, ROOT, n("d"), 0755));
        Object retry = apply(MessageType.MKDIR, 20, new MkdirRequest(h, ROOT, n("d"), 0755));
        assertTrue(first instanceof AttrReply, String.valueOf(first));
        assertTrue(retry instanceof AttrReply, "a retried mkdir answers success, not EEXIST: " + retry);
        assertEquals(((AttrReply) first).attr().ino(), ((AttrReply) retry).attr().ino());
        Object fresh = apply(MessageType.MKDIR, 30, new MkdirRequest(h.withSequence(42, 2, 1), ROOT, n("d"), 0755));
        assertEquals(WfsErrorCode.EEXIST, ((WfsException) fresh).code(), "a new request is executed");
        Object errorRetry = apply(MessageType.MKDIR, 40, new MkdirRequest(h.withSequence(42, 2, 1), ROOT, n("d"), 0755));
        assertEquals(WfsErrorCode.EEXIST, ((WfsException) errorRetry).code(), "errors are remembered too");
        Object unlink = apply(MessageType.UNLINK, 50, new UnlinkRequest(h.withSequence(43, 1, 0), ROOT, n("nothing")));
        assertEquals(WfsErrorCode.ENOENT, ((WfsException) unlink).code());
    }

    /**
     * Found by the frame fuzzer (FrameFuzzIT): a request of another type that reuses a recorded
     * (session, seq) made the apply decode the recorded result as its own reply class and throw,
     * so the leader logged an apply failure and answered INTERNAL. Now it is a BAD_REQUEST, the
     * same on every replica, and the recorded result stays for the real retry.
     */
    @Test
    void aSequenceReusedByAnotherRequestTypeIsABadRequestNotAnApplyFailure() {
        MetaHeader h = MetaHeader.root().withSequence(42, 1, 0);
        Object first = apply(MessageType.MKDIR, 10, new MkdirRequest(h, ROOT, n("d"), 0755));
        assertTrue(first instanceof AttrReply, String.valueOf(first));
        for (io.wfs.common.msg.meta.MetaRequest<?> other : java.util.List.of(
                new io.wfs.common.msg.meta.SetQuotaRequest(h, ROOT, 1 << 20, 100),
                new io.wfs.common.msg.meta.CommitSlicesRequest(h, ROOT, java.util.List.of(), 0))) {
            MessageType type = MessageType.ofRequest(other.getClass());
            Object reused = apply(type, 20, other);
            assertTrue(reused instanceof WfsException e && e.code() == WfsErrorCode.BAD_REQUEST
                    || type.responseClass().isInstance(reused), type + " reusing a MKDIR's sequence: " + reused);
        }
        Object retry = apply(MessageType.MKDIR, 30, new MkdirRequest(h, ROOT, n("d"), 0755));
        assertEquals(((AttrReply) first).attr().ino(), ((AttrReply) retry).attr().ino(), "the real retry still replays");
    }

    @Test
    void aRetryableRefusalIsNotRecordedSoTheRetryExecutes() {
        // A directory locked by a cross-group operation refuses new entries with LOCKED...
        int slot = io.wfs.meta.ops.MkdirOp.targetSlot(ROOT, n("elsewhere"));
        AttrReply locked = (AttrReply) apply(MessageType.CREATE_LOCKED, t.now() + 1,
                new io.wfs.common.msg.meta.CreateLockedRequest(MetaHeader.root(), slot, 0755, 0, 0, ROOT, n("x")));
        MetaHeader h = MetaHeader.root().withSequence(77, 1, 0);
        MknodRequest inside = new MknodRequest(h, locked.attr().ino(), n("f"), Posix.S_IFREG | 0644, 0);
        Object first = apply(MessageType.MKNOD, t.now() + 2, inside);
        assertEquals(WfsErrorCode.LOCKED, ((WfsException) first).code());
        apply(MessageType.RESOLVE_LOCK, t.now() + 3,
                new io.wfs.common.msg.meta.ResolveLockRequest(MetaHeader.root(), locked.attr().ino(),
                        locked.attr().ctimeNs(), true));
        // ...and the same request, resent once the lock is gone, executes instead of replaying LOCKED.
        Object retry = apply(MessageType.MKNOD, t.now() + 4, inside);
        assertTrue(retry instanceof AttrReply, "the retry must execute: " + retry);
    }

    @Test
    void acknowledgedResultsAreForgottenAndIdleSessionsExpire() {
        MetaHeader h = MetaHeader.root();
        apply(MessageType.MKDIR, 10, new MkdirRequest(h.withSequence(7, 1, 0), ROOT, n("a"), 0755));
        apply(MessageType.MKDIR, 20, new MkdirRequest(h.withSequence(7, 2, 1), ROOT, n("b"), 0755));
        // seq 1 was acknowledged: asking for it again executes it again (EEXIST now).
        Object again = apply(MessageType.MKDIR, 30, new MkdirRequest(h.withSequence(7, 1, 0), ROOT, n("a"), 0755));
        assertEquals(WfsErrorCode.EEXIST, ((WfsException) again).code());
        ByteBuffer expire = ByteBuffer.allocate(8).putLong(5);
        Object expired = t.machine().apply(ByteBuffer.wrap(MetaCommand.encode(InternalCommand.EXPIRE_SESSIONS,
                1_000_000, expire.array())), ++index);
        assertEquals(1, ((long[]) expired).length);
    }

    @Test
    void snapshotSaveAndLoadGiveTheSameDigest() throws Exception {
        for (int i = 0; i < 50; i++) {
            long d = t.mkdir(ROOT, "dir" + i, 0755).ino();
            for (int j = 0; j < 20; j++) {
                t.create(d, "file" + j, 0644);
            }
        }
        apply(MessageType.MKDIR, t.now() + 1, new MkdirRequest(MetaHeader.root().withSequence(9, 3, 2), ROOT, n("s"), 0755));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        t.machine().writeSnapshot(new DataOutputStream(bytes));
        MetaStateMachine copy = new MetaStateMachine(new int[0]);
        copy.readSnapshot(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(t.machine().digest(), copy.digest());
        long before = copy.digest();
        copy.apply(ByteBuffer.wrap(MetaCommand.encode(MessageType.MKDIR, t.now() + 2,
                new MkdirRequest(MetaHeader.root(), ROOT, n("new"), 0755))), 1);
        assertNotEquals(before, copy.digest(), "the digest sees a change");
        Object retried = copy.apply(ByteBuffer.wrap(MetaCommand.encode(MessageType.MKDIR, t.now() + 3,
                new MkdirRequest(MetaHeader.root().withSequence(9, 3, 2), ROOT, n("s"), 0755))), 2);
        assertTrue(retried instanceof AttrReply, "the session table survived the snapshot: " + retried);
    }

    @Test
    void aCorruptSnapshotIsRefused() {
        MetaStateMachine m = new MetaStateMachine(new int[0]);
        assertSame(java.io.IOException.class, org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> m.readSnapshot(new DataInputStream(new ByteArrayInputStream(new byte[] {1, 2, 3, 4, 5, 6, 7, 8})))).getClass());
    }

    /** A snapshot of wire format 1 (versions 6 and 7) holds messages this build would misread: refused by its version. */
    @Test
    void aSnapshotOfThePreviousWireFormatIsRefusedByItsVersion() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        t.machine().writeSnapshot(new DataOutputStream(bytes));
        byte[] image = bytes.toByteArray();
        ByteBuffer.wrap(image).putInt(4, 7);
        MetaStateMachine m = new MetaStateMachine(new int[0]);
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> m.readSnapshot(new DataInputStream(new ByteArrayInputStream(image))));
        assertTrue(e.getMessage().contains("version 7") && e.getMessage().contains("wire format"), e.getMessage());
    }

    @Test
    void anUnknownCommandIsAnErrorResultNotACrash() {
        Object r = t.machine().apply(ByteBuffer.wrap(MetaCommand.encode((short) 9999, 1, new byte[0])), ++index);
        assertEquals(WfsErrorCode.BAD_REQUEST, ((WfsException) r).code());
        Object query = t.machine().apply(ByteBuffer.wrap(MetaCommand.encode(MessageType.GET_ATTR.id(), 1, new byte[0])), ++index);
        assertEquals(WfsErrorCode.BAD_REQUEST, ((WfsException) query).code(), "queries are not log commands");
    }
}
