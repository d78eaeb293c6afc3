package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.CreateDelegationReply;
import io.wfs.common.msg.meta.DelegateCreatesRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.lease.CreateDelegations;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.InodeNumbers;
import java.util.concurrent.CompletableFuture;

/**
 * A create delegation on a directory (docs/metadata.md, "Asynchronous creates"). The leader step
 * refuses what cannot be delegated (a directory under a quota, which must count every create as
 * it happens; one another session holds; a session that does not poll for leases) and registers
 * the holder before the entry, so no other session's request slips in unrecalled. The entry
 * reserves {@link #RANGE} inode numbers of the directory's slot for files, as many of another
 * slot of the group for directories ({@link #directorySlot}; none when the directory's
 * subdirectories spread over all groups, {@link SpreadSubdirectories}), and takes back every other
 * session's cache lease on the directory: the reply waits until they have let go of it.
 */
public final class DelegateCreatesOp implements MetaOperation<DelegateCreatesRequest, CreateDelegationReply> {
    /** Inode numbers per grant: one log entry per this many asynchronous creates. */
    public static final int RANGE = 1024;

    @Override
    public MessageType type() {
        return MessageType.DELEGATE_CREATES;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public CompletableFuture<CreateDelegationReply> lead(GroupLeader leader, DelegateCreatesRequest req) {
        if (!leader.leads()) {
            return leader.inThisGroup(this, req);
        }
        long dir = req.ino();
        long session = req.header().session();
        leader.inspect(req.header(), ctx -> {
            InodeAttributes d = ctx.directory(dir);
            Permissions.require(d, ctx.caller(), Posix.W_OK | Posix.X_OK);
            ctx.requireUnlocked(d);
            if (QuotaEdges.rootOf(ctx, dir) != 0) {
                throw new WfsException(WfsErrorCode.EOPNOTSUPP, "creates under a directory quota are counted one by one");
            }
            return null;
        });
        CreateDelegations delegations = leader.replica().machine().leaseTracking().delegations();
        if (!delegations.register(dir, session)) {
            throw new WfsException(WfsErrorCode.EAGAIN, "the directory is delegated to another session, or this"
                    + " session does not poll for cache leases here");
        }
        return leader.inThisGroup(this, req).whenComplete((reply, error) -> {
            if (error != null) {
                delegations.unregister(dir, session);
            } else {
                delegations.granted(dir, session, reply.firstIno(), reply.count());
                delegations.granted(dir, session, reply.firstDirectoryIno(), reply.directoryCount());
            }
        });
    }

    @Override
    public CreateDelegationReply execute(MetaContext ctx, DelegateCreatesRequest req) {
        ctx.directory(req.ino());
        int entries = (int) Math.min(Integer.MAX_VALUE, ctx.slotOf(req.ino()).directory(req.ino()).count());
        long first = ctx.slotOf(req.ino()).allocateIds(RANGE);
        ctx.leaseMark().setDelegated();
        // Other sessions' cached views of the directory go before the holder creates there.
        ctx.namespace().leaseKeyChanged(req.ino());
        CreateDelegationReply reply = new CreateDelegationReply(first, RANGE, entries);
        if (SpreadSubdirectories.spreads(ctx, req.ino())) {
            return reply; // no numbers for directories: the holder's mkdirs go to the servers
        }
        long firstDirectory = ctx.namespace().slot(directorySlot(ctx.namespace().ownedSlots(), req.ino())).allocateIds(RANGE);
        return reply.withDirectories(firstDirectory, RANGE);
    }

    /**
     * The slot of the directories made under a delegation on {@code dir}: one of this group's slots
     * ({@code owned}, ascending), picked by a hash of {@code dir}, so that the subdirectories of
     * different directories spread evenly over the group's slots (the units a group's load moves
     * by), as files follow their directory. Deterministic: the slots a group holds are in its state.
     */
    static int directorySlot(int[] owned, long dir) {
        if (owned.length == 0) {
            return InodeNumbers.slotOf(dir);
        }
        return owned[Math.floorMod(Long.hashCode(dir * 0x9E3779B97F4A7C15L), owned.length)];
    }
}
