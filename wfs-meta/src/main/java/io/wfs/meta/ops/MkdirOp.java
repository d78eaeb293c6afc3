package io.wfs.meta.ops;

import static io.wfs.meta.cross.CrossGroupSteps.MKDIR;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.CreateLockedRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LinkLockedChildRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.posix.NewFileRules;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.InodeNumbers;
import io.wfs.meta.namespace.Names;
import io.wfs.meta.namespace.SlotState;
import io.wfs.meta.cross.CrossGroupSteps;
import java.util.concurrent.CompletableFuture;

/**
 * mkdir. The new directory goes to the slot a hash of (parent, name) picks among all 4096, so
 * directories and their entries spread over slots and groups. When this group owns that slot,
 * mkdir is one log entry ({@link #execute}); otherwise {@link #lead} runs the cross-group
 * protocol with the lock flag: (1) {@code CreateLocked} in the new directory's group, (2)
 * {@code LinkLockedChild} here, carrying the client's (session, seq), (3) resolve the lock (commit,
 * or delete the directory if step 2 failed).
 */
public final class MkdirOp implements LeasedEntry<MkdirRequest> {
    @Override
    public MessageType type() {
        return MessageType.MKDIR;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    /** What the parent decides about a new directory: its permission bits and group. */
    record Placement(int permissions, int gid) {
    }

    /**
     * The parent-side checks and decisions of mkdir (exists, directory, permissions, name free,
     * link count; set-group-id inheritance), made in the apply and, across groups, by the leader
     * step before step 1.
     */
    static Placement checkAndPlace(MetaContext ctx, long parentIno, byte[] name, int requestedMode) {
        InodeAttributes parent = NewEntry.checkParent(ctx, parentIno, name);
        if (parent.nlink() >= MetaContext.MAX_LINKS) {
            throw new WfsException(WfsErrorCode.EMLINK, "too many subdirectories");
        }
        return new Placement(NewFileRules.directoryPermissionsFor(requestedMode, parent.mode()),
                NewEntry.groupFor(parent, ctx.caller()));
    }

    @Override
    public CompletableFuture<AttrReply> lead(GroupLeader leader, MkdirRequest req) {
        int slot = targetSlot(req.parent(), req.name());
        MetaHeader h = req.header();
        if (!leader.leads() || leader.owns(slot) || leader.inspect(h, ctx -> QuotaEdges.rootOf(ctx, req.parent()) != 0)) {
            return leader.inThisGroup(this, req);
        }
        return leader.once(h, MessageType.LINK_LOCKED_CHILD, () -> mkdirAcrossGroups(leader, req, slot));
    }

    /** Create the locked directory in its slot's group (step 1), the entry here (step 2, the client's record), resolve (step 3). */
    private CompletableFuture<AttrReply> mkdirAcrossGroups(GroupLeader leader, MkdirRequest req, int slot) {
        MetaHeader h = req.header();
        Placement place = leader.inspect(h, ctx -> checkAndPlace(ctx, req.parent(), req.name(), req.mode()));
        CrossGroupSteps steps = leader.steps();
        return steps.step(MKDIR, 1, () -> steps.peers().call(new CreateLockedRequest(steps.internal(), slot,
                        place.permissions(), h.uid(), place.gid(), req.parent(), req.name())))
                .thenCompose(child -> {
                    InodeAttr c = child.attr();
                    return steps.step(MKDIR, 2, () -> leader.propose(MessageType.LINK_LOCKED_CHILD,
                            new LinkLockedChildRequest(h, req.parent(), req.name(), c.ino(),
                                    Posix.S_IFDIR | place.permissions(), c.ctimeNs())))
                            .handle((linked, error) -> {
                                AttrReply reply = (AttrReply) linked;
                                // A retry that raced past the replay check: the earlier run's child wins.
                                boolean replayed = reply != null && reply.attr().ino() != c.ino();
                                boolean commit = error == null && !replayed;
                                steps.resolveUnlessUnknown(c.ino(), c.ctimeNs(), commit, error);
                                if (error != null) {
                                    throw WfsException.unwrap(error);
                                }
                                return replayed ? reply : child;
                            });
                });
    }

    @Override
    public AttrReply execute(MetaContext ctx, MkdirRequest req) {
        Placement place = checkAndPlace(ctx, req.parent(), req.name(), req.mode());
        int mode = Posix.S_IFDIR | place.permissions();
        SlotState home = ctx.namespace().slot(targetSlot(ctx, req.parent(), req.name()));
        if (home == null) {
            // The coordinator sends such a mkdir through the cross-group protocol instead.
            throw new WfsException(WfsErrorCode.STALE_ROUTE, "the new directory's slot belongs to another group");
        }
        long ino = home.createInode(mode, ctx.caller().uid(), place.gid(), req.parent(), ctx.timeNs());
        NewEntry.insert(ctx, req.parent(), req.name(), ino, mode);
        SlotState parentSlot = ctx.slotOf(req.parent());
        parentSlot.setNlink(req.parent(), parentSlot.nlink(req.parent()) + 1);
        return new AttrReply(ctx.wire(ino)).withDirectory(ctx.wire(req.parent()));
    }

    /**
     * The slot of a new directory: the parent's when the parent is under a quota (the quota's
     * subtree stays in its slot, see {@code SlotQuotas}), else {@link #targetSlot(long, byte[])}.
     */
    static int targetSlot(MetaContext ctx, long parent, byte[] name) {
        return QuotaEdges.rootOf(ctx, parent) != 0 ? InodeNumbers.slotOf(parent) : targetSlot(parent, name);
    }

    /** The slot of a new directory: a hash of (parent, name) over all slots, so directories spread over groups. */
    public static int targetSlot(long parent, byte[] name) {
        int h = Names.hash(name, 0, name.length) * 31 + Long.hashCode(parent * 0x9E3779B97F4A7C15L);
        return Math.floorMod(h, InodeNumbers.SLOT_COUNT);
    }

    @Override
    public long directoryOf(MkdirRequest req) {
        return req.parent();
    }
}
