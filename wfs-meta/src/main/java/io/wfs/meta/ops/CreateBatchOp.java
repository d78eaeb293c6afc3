package io.wfs.meta.ops;

import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.CreateBatchReply;
import io.wfs.common.msg.meta.CreateBatchRequest;
import io.wfs.common.posix.Posix;
import io.wfs.common.rpc.MessageType;
import io.wfs.meta.lease.CreateDelegations;
import io.wfs.meta.namespace.FileType;
import io.wfs.meta.namespace.InodeAttributes;
import io.wfs.meta.namespace.NamespaceException;
import io.wfs.meta.namespace.SlotState;
import java.util.concurrent.CompletableFuture;

/**
 * The files (and directories) a delegation holder created in one directory, in one entry
 * (docs/metadata.md, "Asynchronous creates"). Each is applied as {@link MknodOp} would apply a create, with the
 * inode number the client took from its reserved range; one that cannot be (its name exists,
 * its number was never reserved or is in use) fails alone, and its error goes back in the
 * reply's list: the client already told its application the file exists, so it logs the loss.
 * A file written before its batch left carries its commit, applied right after its create. The
 * unlinks the session answered itself come first (UnlinkOp#removeFile), their errors after the files'.
 */
public final class CreateBatchOp implements MetaOperation<CreateBatchRequest, CreateBatchReply> {
    @Override
    public MessageType type() {
        return MessageType.CREATE_BATCH;
    }

    @Override
    public boolean mutates() {
        return true;
    }

    @Override
    public CompletableFuture<CreateBatchReply> lead(GroupLeader leader, CreateBatchRequest req) {
        if (!leader.leads()) {
            return leader.inThisGroup(this, req);
        }
        CreateDelegations delegations = leader.replica().machine().leaseTracking().delegations();
        long session = req.header().session();
        if (!delegations.mayUse(req.ino(), session, req.inos())) {
            return CompletableFuture.failedFuture(new WfsException(WfsErrorCode.EINVAL,
                    "a batch names an inode number this leader did not reserve for the session"));
        }
        // The directories it makes are the session's from their creation on (registered before the
        // entry, so no other session's request about one slips in unrecalled): it knows them empty.
        long[] held = delegations.registerNew(newDirectories(req), session);
        CompletableFuture<CreateBatchReply> applied = leader.inThisGroup(this, req);
        applied.whenComplete((reply, error) -> {
            if (error != null) {
                delegations.unregisterAll(held, session);
            }
        });
        return applied.thenApply(reply -> {
            long[] kept = heldAfter(reply, req, held, delegations, session);
            for (int r = 0; r < req.removals(); r++) {
                if (reply.error(req.size() + r) == null) {
                    delegations.unregister(req.removedIno(r), session); // an rmdir of one such directory
                }
            }
            return reply.delegating(kept);
        });
    }

    private static long[] newDirectories(CreateBatchRequest req) {
        it.unimi.dsi.fastutil.longs.LongArrayList dirs = new it.unimi.dsi.fastutil.longs.LongArrayList(0);
        for (int i = 0; i < req.size(); i++) {
            if ((req.mode(i) & Posix.S_IFMT) == Posix.S_IFDIR) {
                dirs.add(req.ino(i));
            }
        }
        return dirs.toLongArray();
    }

    /** The held directories the batch did make; those it could not are let go. */
    private static long[] heldAfter(CreateBatchReply reply, CreateBatchRequest req, long[] held,
                                    CreateDelegations delegations, long session) {
        if (held.length == 0) {
            return held; // most batches make no directory
        }
        it.unimi.dsi.fastutil.longs.LongOpenHashSet failed = new it.unimi.dsi.fastutil.longs.LongOpenHashSet(0);
        for (int i = 0; i < req.size() && i < reply.size(); i++) {
            if (reply.error(i) != null) {
                failed.add(req.ino(i));
            }
        }
        it.unimi.dsi.fastutil.longs.LongArrayList kept = new it.unimi.dsi.fastutil.longs.LongArrayList(held.length);
        for (long dir : held) {
            if (failed.contains(dir)) {
                delegations.unregister(dir, session);
            } else {
                kept.add(dir);
            }
        }
        return kept.toLongArray();
    }

    @Override
    public CreateBatchReply execute(MetaContext ctx, CreateBatchRequest req) {
        long dir = req.ino();
        byte[][] names = req.splitNames();
        int[] errors = new int[names.length + req.removals()];
        Caller caller = ctx.caller();
        // The unlinks first: they were answered before any create of this batch (a name unlinked and
        // created again is removed, then created).
        byte[][] removed = req.splitRemovedNames();
        for (int r = 0; r < removed.length; r++) {
            try {
                remove(ctx, dir, removed[r], req.removedIno(r));
            } catch (WfsException e) {
                errors[names.length + r] = e.code().wireCode();
            } catch (NamespaceException e) {
                errors[names.length + r] = MetaErrors.of(e).code().wireCode();
            }
        }
        for (int i = 0; i < names.length; i++) {
            try {
                if ((req.mode(i) & Posix.S_IFMT) == Posix.S_IFDIR) {
                    createDirectory(ctx, dir, names[i], req.ino(i), req.mode(i), clientTime(ctx, req.time(i)));
                    continue;
                }
                InodeAttributes parent = NewEntry.checkParent(ctx, dir, names[i]);
                int gid = NewEntry.groupFor(parent, caller);
                int uid = caller.uid();
                int permissions = NewEntry.permissionsFor(req.mode(i) & Posix.PERMISSION_BITS, gid, caller);
                if (req.changed(i)) {
                    checkChangedOwner(caller, req.ownerUid(i), req.ownerGid(i), gid);
                    uid = req.ownerUid(i);
                    gid = req.ownerGid(i);
                    // As chmod: set-group-id stays only for root or a member of the file's group.
                    permissions = req.mode(i) & Posix.PERMISSION_BITS;
                    if (!caller.isRoot() && !caller.inGroup(gid)) {
                        permissions &= ~Posix.S_ISGID;
                    }
                }
                int mode = Posix.S_IFREG | permissions;
                long ino = ctx.slotOf(dir).createReserved(req.ino(i), mode, uid, gid, dir, clientTime(ctx, req.time(i)));
                NewEntry.insert(ctx, dir, names[i], ino, mode);
                ctx.leaderOpens().open(caller.session(), ino, ctx.timeNs(), req.opens(i));
                if (req.commits(i)) {
                    // Written through the descriptor that created it: the descriptor, not the mode, allows it.
                    CommitSlicesOp.commit(ctx, WritableFile.checkType(ctx, ino), req.slicesOf(i), req.size(i),
                            clientTime(ctx, req.commitTime(i)));
                }
                if (req.changed(i)) {
                    applyTimes(ctx, req, i, ino);
                }
            } catch (WfsException e) {
                errors[i] = e.code().wireCode();
            } catch (NamespaceException e) {
                errors[i] = MetaErrors.of(e).code().wireCode();
            }
        }
        return new CreateBatchReply(errors);
    }

    /**
     * An unlink, or an rmdir of a directory the session made and knows is empty: the type of what the
     * name leads to says which (each refuses, ESTALE, a name that leads elsewhere than {@code ino}).
     */
    private static void remove(MetaContext ctx, long dir, byte[] name, long ino) {
        ctx.directory(dir); // ENOENT or ENOTDIR, as either would answer
        long named = ctx.slotOf(dir).lookup(dir, name);
        if (named != 0 && ctx.owns(named) && FileType.isDirectory(ctx.attributes(named).mode())) {
            RmdirOp.removeDirectory(ctx, dir, name, ino);
        } else {
            UnlinkOp.removeFile(ctx, dir, name, ino);
        }
    }

    /**
     * A directory made under the delegation (docs/metadata.md, "Asynchronous mkdir"): placed as
     * {@link MkdirOp} places one, under the number the client took from the grant's range for
     * directories (a slot of this group); the parent's link count and times move as for mkdir.
     */
    private static void createDirectory(MetaContext ctx, long dir, byte[] name, long ino, int requestedMode, long timeNs) {
        MkdirOp.Placement place = MkdirOp.checkAndPlace(ctx, dir, name, requestedMode);
        int mode = Posix.S_IFDIR | place.permissions();
        ctx.slotOf(ino).createReserved(ino, mode, ctx.caller().uid(), place.gid(), dir, timeNs);
        NewEntry.insert(ctx, dir, name, ino, mode);
        SlotState parent = ctx.slotOf(dir);
        parent.setNlink(dir, parent.nlink(dir) + 1);
    }

    /**
     * The owner a file was given before its batch left, as SetAttrOp allows a chown: root gives a
     * file to anyone; its creator keeps it and may pick a group it belongs to.
     */
    private static void checkChangedOwner(Caller caller, int uid, int gid, int createdGid) {
        if (!caller.isRoot() && (uid != caller.uid() || (gid != createdGid && !caller.inGroup(gid)))) {
            throw new WfsException(WfsErrorCode.EPERM, "chown not permitted");
        }
    }

    /** The times a change set (explicit times need ownership, which the creator or root has) and its ctime. */
    private static void applyTimes(MetaContext ctx, CreateBatchRequest req, int i, long ino) {
        SlotState slot = ctx.slotOf(ino);
        if (req.setAtime(i) != CreateBatchRequest.KEEP_TIME) {
            slot.setAtime(ino, req.setAtime(i));
        }
        if (req.setMtime(i) != CreateBatchRequest.KEEP_TIME) {
            slot.setMtime(ino, req.setMtime(i));
        }
        slot.setCtime(ino, clientTime(ctx, req.changeTime(i)));
    }

    /**
     * The time the client told its application, when within a minute of the leader's clock (which is
     * in the entry, so every replica decides alike); else the leader's. A client's clock is trusted
     * as far as a file's own times go, as utimes would let its owner set them anyway.
     */
    static long clientTime(MetaContext ctx, long clientNs) {
        long leader = ctx.timeNs();
        return clientNs > 0 && Math.abs(clientNs - leader) <= MAX_CLOCK_SKEW_NS ? clientNs : leader;
    }

    private static final long MAX_CLOCK_SKEW_NS = java.util.concurrent.TimeUnit.MINUTES.toNanos(1);

    /** As {@link MknodOp#replayed}: the opens of a batch applied under an earlier leader count once. */
    @Override
    public void replayed(MetaContext ctx, CreateBatchRequest req, Object recorded) {
        if (recorded instanceof CreateBatchReply reply) {
            for (int i = 0; i < reply.size() && i < req.size(); i++) {
                if (reply.error(i) == null) {
                    ctx.leaderOpens().openOnce(ctx.caller().session(), req.ino(i), ctx.timeNs(), req.opens(i));
                }
            }
        }
    }
}
