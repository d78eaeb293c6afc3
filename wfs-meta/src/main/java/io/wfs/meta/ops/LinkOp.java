package io.wfs.meta.ops;

import static io.wfs.meta.cross.CrossGroupSteps.LINK;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LinkLockedChildRequest;
import io.wfs.common.msg.meta.LockForLinkRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.cross.CrossGroupSteps;
import java.util.concurrent.CompletableFuture;

/**
 * link: a new name for an existing non-directory; its ctime moves to now. One log entry
 * ({@link #execute}) when the target lives in this group; otherwise {@link #lead} runs the
 * cross-group protocol with the lock flag: (1) {@code LockForLink} in the target's group (nlink+1,
 * lock, intent), (2) {@code LinkLockedChild} here (the entry, the lock's receipt, the client's
 * (session, seq)), (3) resolve the lock (commit, or nlink−1 if step 2 failed).
 */
public final class LinkOp implements LeasedEntry<LinkRequest> {
    @Override
    public MessageType type() {
        return MessageType.LINK;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public CompletableFuture<AttrReply> lead(GroupLeader leader, LinkRequest req) {
        if (!leader.leads() || leader.owns((int) (req.ino() >>> 52))) {
            return leader.inThisGroup(this, req);
        }
        MetaHeader h = req.header();
        return leader.once(h, MessageType.LINK_LOCKED_CHILD, () -> linkAcrossGroups(leader, req));
    }

    /** Lock the target in its group (step 1), the entry here (step 2, the client's record), resolve (step 3). */
    private static CompletableFuture<AttrReply> linkAcrossGroups(GroupLeader leader, LinkRequest req) {
        MetaHeader h = req.header();
        // The early check of the new name (same rules; the authoritative check is step 2).
        leader.inspect(h, ctx -> NewEntry.checkParent(ctx, req.newParent(), req.newName()));
        CrossGroupSteps steps = leader.steps();
        return steps.step(LINK, 1, () -> steps.peers().call(new LockForLinkRequest(steps.internal(), req.ino(),
                        req.newParent(), req.newName())))
                .thenCompose(target -> {
                    InodeAttr t = target.attr();
                    return steps.step(LINK, 2, () -> leader.propose(MessageType.LINK_LOCKED_CHILD,
                            new LinkLockedChildRequest(h, req.newParent(), req.newName(), t.ino(), t.mode(), t.ctimeNs())))
                            .handle((linked, error) -> {
                                // A resend that raced an earlier run is answered from that run's record: undo our lock.
                                boolean applied = error == null && leader.stepApplied(h, t.ino(), t.ctimeNs());
                                steps.resolveUnlessUnknown(t.ino(), t.ctimeNs(), applied, error);
                                if (error != null) {
                                    throw WfsException.unwrap(error);
                                }
                                return applied ? target : (AttrReply) linked;
                            });
                });
    }

    @Override
    public AttrReply execute(MetaContext ctx, LinkRequest req) {
        ctx.requireSameGroup(req.ino(), "the link's target");
        InodeAttributes target = ctx.attributes(req.ino());
        ctx.requireUnlocked(target);
        // The new name first (EEXIST, EACCES), then the target's type, in the order of Linux's vfs_link.
        NewEntry.checkParent(ctx, req.newParent(), req.newName());
        if (FileType.isDirectory(target.mode())) {
            throw new WfsException(WfsErrorCode.EPERM, "hard links to directories are not allowed");
        }
        requireNamed(target);
        QuotaEdges.requireSameQuota(ctx, req.ino(), req.newParent());
        if (target.nlink() >= MetaContext.MAX_LINKS) {
            throw new WfsException(WfsErrorCode.EMLINK, "too many links");
        }
        NewEntry.insert(ctx, req.newParent(), req.newName(), req.ino(), target.mode());
        ctx.slotOf(req.ino()).setNlink(req.ino(), target.nlink() + 1);
        ctx.slotOf(req.ino()).setCtime(req.ino(), ctx.timeNs());
        return new AttrReply(ctx.wire(req.ino())).withDirectory(ctx.wire(req.newParent()));
    }

    /**
     * An orphan (a file whose last name went) cannot get a name back, as in Linux's vfs_link: the
     * leader releases orphans nobody holds open, and a name given one meanwhile would dangle.
     */
    static void requireNamed(InodeAttributes target) {
        if (target.nlink() == 0) {
            throw new WfsException(WfsErrorCode.ENOENT, "the file was unlinked");
        }
    }

    @Override
    public long directoryOf(LinkRequest req) {
        return req.newParent();
    }
}
