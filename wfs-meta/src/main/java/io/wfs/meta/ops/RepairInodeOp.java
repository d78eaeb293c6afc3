package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.RepairInodeReply;
import io.wfs.common.msg.meta.RepairInodeRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.cross.LockIntents;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeFlags;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.namespace.SlotState;
import io.wfs.meta.state.MetaStateMachine;
import java.util.concurrent.CompletableFuture;

/**
 * {@code wfs fsck --repair} of one inode (docs/reliability.md, "What --repair does"). The leader
 * step looks at the inode again, on the clock fsck judged by, and repairs only what is still wrong
 * and safe to repair online:
 * <ul>
 * <li>a lock whose cross-group intent expired is finished by the lock sweep's own steps (the other
 *     group is asked whether its step happened, then the lock is committed or undone);</li>
 * <li>a lock flag no intent explains is cleared ({@link RepairInodeRequest#CLEAR_LOCK});</li>
 * <li>a regular file without links that no session holds open on this leader is deleted with its
 *     blocks, whether the group listed it as an orphan or not ({@link RepairInodeRequest#RECLAIM}).</li>
 * </ul>
 * Anything else is answered {@link RepairInodeReply#NOTHING} with the reason. The two entries of
 * its own are re-checked by the apply on every replica, so a change that came in between wins.
 */
public final class RepairInodeOp implements MetaOperation<RepairInodeRequest, RepairInodeReply> {
    @Override
    public MessageType type() {
        return MessageType.REPAIR_INODE;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public CompletableFuture<RepairInodeReply> lead(GroupLeader leader, RepairInodeRequest request) {
        if (!leader.leads()) {
            return leader.inThisGroup(this, request);
        }
        MetaStateMachine machine = leader.replica().machine();
        long ino = request.ino();
        Decision d = machine.inspect(request.header(), machine.wallClockNs(), ctx -> decide(ctx, ino));
        if (d.intent != null) {
            return leader.steps().sweeper().finish(leader.replica(), d.intent).thenApply(stood -> stood
                    ? new RepairInodeReply(RepairInodeReply.LOCK_COMMITTED, "expired lock finished: the operation stands")
                    : new RepairInodeReply(RepairInodeReply.LOCK_UNDONE, "expired lock finished: the operation was undone"));
        }
        if (d.action == RepairInodeRequest.DECIDE) {
            return CompletableFuture.completedFuture(new RepairInodeReply(RepairInodeReply.NOTHING, d.reason));
        }
        return leader.inThisGroup(this, request.decided(d.action));
    }

    /** What the leader would do now; under the state lock, at the leader's clock. */
    private static Decision decide(MetaContext ctx, long ino) {
        requireRoot(ctx);
        if (!ctx.namespace().contains(ino)) {
            return Decision.nothing("inode " + InodeNumbers.toString(ino) + " does not exist (any more)");
        }
        SlotState slot = ctx.slotOf(ino);
        boolean locked = (slot.flags(ino) & InodeFlags.LOCK) != 0;
        LockIntents.Intent intent = ctx.intents().get(ino);
        if (intent != null) {
            long age = ctx.timeNs() - intent.lockTimeNs();
            return age > MetaContext.LOCK_EXPIRY_NS ? new Decision(RepairInodeRequest.DECIDE, intent, null)
                    : Decision.nothing("its lock is " + age / 1_000_000 + " ms old: not expired, the operation may still finish");
        }
        if (locked) {
            return new Decision(RepairInodeRequest.CLEAR_LOCK, null, null);
        }
        if (slot.nlink(ino) == 0 && !FileType.isDirectory(slot.mode(ino))) {
            return ctx.leaderOpens().heldByNobody(ino, ctx.timeNs()) ? new Decision(RepairInodeRequest.RECLAIM, null, null)
                    : Decision.nothing("a session holds it open, or may after the leader change (it is released after its last close)");
        }
        return Decision.nothing("nothing this repair fixes is wrong with it now");
    }

    @Override
    public RepairInodeReply execute(MetaContext ctx, RepairInodeRequest req) {
        requireRoot(ctx);
        long ino = req.ino();
        if (!ctx.namespace().contains(ino)) {
            return new RepairInodeReply(RepairInodeReply.NOTHING, "the inode went meanwhile");
        }
        SlotState slot = ctx.slotOf(ino);
        boolean locked = (slot.flags(ino) & InodeFlags.LOCK) != 0;
        switch (req.action()) {
            case RepairInodeRequest.CLEAR_LOCK -> {
                if (!locked || ctx.intents().get(ino) != null) {
                    return new RepairInodeReply(RepairInodeReply.NOTHING, "its lock changed meanwhile");
                }
                slot.setFlags(ino, slot.flags(ino) & InodeFlags.CALLER_MASK & ~InodeFlags.LOCK);
                return new RepairInodeReply(RepairInodeReply.LOCK_CLEARED, "lock flag without intent cleared");
            }
            case RepairInodeRequest.RECLAIM -> {
                if (locked || slot.nlink(ino) != 0 || FileType.isDirectory(slot.mode(ino))) {
                    return new RepairInodeReply(RepairInodeReply.NOTHING, "it was locked or linked meanwhile");
                }
                ctx.clients().openFiles().release(ino);
                slot.removeInode(ino, ctx.freedBlocks());
                return new RepairInodeReply(RepairInodeReply.RECLAIMED, "file without links deleted, its blocks queued for deletion");
            }
            default -> throw new WfsException(WfsErrorCode.EINVAL, "a repair's action is the leader's to decide");
        }
    }

    private static void requireRoot(MetaContext ctx) {
        if (ctx.caller().uid() != 0) {
            throw new WfsException(WfsErrorCode.EPERM, "repairing inodes needs root");
        }
    }

    /** The leader's decision: an action for the log, an expired intent for the sweep, or nothing and why. */
    private record Decision(int action, LockIntents.Intent intent, String reason) {
        static Decision nothing(String reason) {
            return new Decision(RepairInodeRequest.DECIDE, null, reason);
        }
    }
}
