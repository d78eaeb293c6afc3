package io.wfs.meta.ops;

import static io.wfs.meta.ops.MetaTester.ROOT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.RepairInodeReply;
import io.wfs.common.msg.meta.RepairInodeRequest;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.InodeFlags;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The apply of {@code wfs fsck --repair}'s two log entries: each re-checks what the leader decided. */
class RepairInodeOpTest {
    private final MetaTester t = new MetaTester();

    private void change(Consumer<MetaContext> c) {
        t.machine().inspect(MetaHeader.root(), t.now(), ctx -> {
            c.accept(ctx);
            return null;
        });
    }

    private boolean exists(long ino) {
        return t.machine().inspect(MetaHeader.root(), t.now(), ctx -> ctx.namespace().contains(ino));
    }

    private int flags(long ino) {
        return t.machine().inspect(MetaHeader.root(), t.now(), ctx -> ctx.slotOf(ino).flags(ino)) & InodeFlags.CALLER_MASK;
    }

    @Test
    void aLockNoIntentExplainsIsCleared() {
        long f = t.create(ROOT, "f", 0644).ino();
        change(ctx -> ctx.slotOf(f).setFlags(f, InodeFlags.LOCK));
        RepairInodeReply r = t.run(new RepairInodeRequest(t.h(), f, RepairInodeRequest.CLEAR_LOCK));
        assertEquals(RepairInodeReply.LOCK_CLEARED, r.outcome(), r.detail());
        assertEquals(0, flags(f));
    }

    @Test
    void aLockWithAnIntentIsLeftToTheSweep() {
        long f = t.create(ROOT, "f", 0644).ino();
        change(ctx -> {
            ctx.slotOf(f).setFlags(f, InodeFlags.LOCK);
            ctx.intents().put(new LockIntents.Intent(f, LockIntents.REMOVE, ROOT, MetaTester.n("f"), t.now()));
        });
        RepairInodeReply r = t.run(new RepairInodeRequest(t.h(), f, RepairInodeRequest.CLEAR_LOCK));
        assertEquals(RepairInodeReply.NOTHING, r.outcome());
        assertTrue(r.detail().contains("changed meanwhile"), r.detail());
        assertEquals(InodeFlags.LOCK, flags(f));
    }

    @Test
    void aFileWithoutLinksIsDeletedButNotALinkedFileOrADirectory() {
        long f = t.create(ROOT, "f", 0644).ino();
        long linked = t.create(ROOT, "g", 0644).ino();
        long dir = t.mkdir(ROOT, "d", 0755).ino();
        change(ctx -> ctx.slotOf(f).setNlink(f, 0));
        assertEquals(RepairInodeReply.RECLAIMED, t.run(new RepairInodeRequest(t.h(), f, RepairInodeRequest.RECLAIM)).outcome());
        assertFalse(exists(f));
        for (long keep : new long[] {linked, dir}) {
            RepairInodeReply r = t.run(new RepairInodeRequest(t.h(), keep, RepairInodeRequest.RECLAIM));
            assertEquals(RepairInodeReply.NOTHING, r.outcome(), r.detail());
            assertTrue(exists(keep));
        }
        RepairInodeReply gone = t.run(new RepairInodeRequest(t.h(), f, RepairInodeRequest.RECLAIM));
        assertEquals(RepairInodeReply.NOTHING, gone.outcome());
        assertTrue(gone.detail().contains("went meanwhile"), gone.detail());
    }

    @Test
    void aLockedFileWithoutLinksIsNotDeleted() {
        long f = t.create(ROOT, "f", 0644).ino();
        change(ctx -> {
            ctx.slotOf(f).setNlink(f, 0);
            ctx.slotOf(f).setFlags(f, InodeFlags.LOCK);
        });
        assertEquals(RepairInodeReply.NOTHING, t.run(new RepairInodeRequest(t.h(), f, RepairInodeRequest.RECLAIM)).outcome());
        assertTrue(exists(f));
    }

    @Test
    void onlyRootRepairsAndOnlyTheLeaderDecides() {
        long f = t.create(ROOT, "f", 0644).ino();
        t.fails(WfsErrorCode.EINVAL, new RepairInodeRequest(t.h(), f, RepairInodeRequest.DECIDE));
        WfsException bad = assertThrows(WfsException.class, new RepairInodeRequest(t.h(), f, 3)::validate);
        assertEquals(WfsErrorCode.BAD_REQUEST, bad.code());
        assertTrue(bad.getMessage().contains("action"), bad.getMessage());
        MetaTester user = t.as(1000, 1000);
        user.fails(WfsErrorCode.EPERM, new RepairInodeRequest(user.h(), f, RepairInodeRequest.CLEAR_LOCK));
    }
}
