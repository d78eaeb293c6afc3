package io.wfs.client.create;

import io.wfs.client.Caller;
import io.wfs.client.namespace.MetadataCache;
import io.wfs.client.namespace.PathResolver;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.CreateBatchRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SlicesReply;
import io.wfs.common.posix.AccessRules;
import io.wfs.common.posix.Posix;
import java.util.List;

/**
 * Changes this client answers itself to what it created under a delegation and still holds
 * (docs/metadata.md, "Asynchronous creates"): a chown, chmod or utimens of a file not sent yet,
 * folded into its create; an open of such a file, counted in its batch; an unlink of a file it
 * created in the directory, sent in the directory's next batch (or, for a file not sent yet and
 * never written, dropped with its create).
 * Anything else goes to the servers the usual way. State is AsyncCreates', under its lock.
 */
final class PendingChanges {
    private final AsyncCreates owner;
    private final MetadataCache cache;
    private final CreateBatches batches;

    PendingChanges(AsyncCreates owner, MetadataCache cache, CreateBatches batches) {
        this.owner = owner;
        this.cache = cache;
        this.batches = batches;
    }

    /** The attributes after a chown, chmod or utimens folded into a pending create; null: send it. Under the lock. */
    InodeAttr setattr(Caller caller, long ino, SetAttr change) {
        PendingCreate p = owner.pending.get(ino);
        DelegatedDirectory d = p == null ? null : owner.dirs.get(p.dir);
        // The batch is sent with its creator's ids, and the servers check the change with those.
        if (d == null || !d.queued.contains(p) || !DelegatedDirectory.sameCaller(caller, p.caller) || p.directory()) {
            return null;
        }
        InodeAttr after = PendingAttrChange.apply(p.attr, caller, change, System.currentTimeMillis() * 1_000_000L);
        if (after == null) {
            return null;
        }
        p.changed(after, change);
        p.touch();
        cache.putAttr(after, d.lease, cache.generation());
        return after;
    }

    /** An open of a pending file answered here (AsyncCreates#openHere); null: open it the usual way. Under the lock. */
    SlicesReply open(Caller caller, long ino, int access) {
        PendingCreate p = owner.pending.get(ino);
        DelegatedDirectory d = p == null ? null : owner.dirs.get(p.dir);
        if (d == null || !d.queued.contains(p) || p.handles >= CreateBatchRequest.MAX_OPENS || p.directory()) {
            return null;
        }
        InodeAttr a = p.attr;
        if (!AccessRules.allowed(a.mode(), a.uid(), a.gid(), caller.uid(), caller::inGroup,
                AccessRules.wantedFor(access))) {
            throw new WfsException(WfsErrorCode.EACCES,
                    "permission denied on inode " + ino);
        }
        p.handles++;
        p.touch();
        // Its commits in order, overlaps and all (the batch applies them so); a reader needs what they show.
        return new SlicesReply(a, io.wfs.client.file.VisibleSlices.of(p.slices));
    }

    /**
     * A rename of a file this client created and has not sent yet, within its directory, to a name
     * the directory does not have (the client knows all its names): the pending create takes the
     * new name and nothing else changes. Anything else is sent. Under the lock.
     */
    boolean rename(Caller caller, long srcDir, String src, long dstDir, byte[] dst, String dstString, int flags) {
        DelegatedDirectory d = owner.dirs.get(srcDir);
        if (srcDir != dstDir || (flags & io.wfs.common.msg.meta.RenameRequest.EXCHANGE) != 0 || d == null || !d.active
                || !d.lease.valid(System.nanoTime()) || !d.complete || d.names.contains(dstString)
                || d.byName.containsKey(dstString) || d.removedByName.containsKey(dstString)) {
            return false;
        }
        long ino = d.madeHere.getLong(src);
        PendingCreate p = ino == 0 ? null : owner.pending.get(ino);
        InodeAttr parent = cache.attrForWalk(srcDir);
        if (p == null || !d.queued.contains(p) || !DelegatedDirectory.sameCaller(caller, p.caller) || parent == null
                || !PathResolver.mayAccess(parent, caller, Posix.W_OK | Posix.X_OK)
                || ((parent.mode() & Posix.S_ISVTX) != 0 && caller.uid() != 0 && caller.uid() != parent.uid()
                    && caller.uid() != p.attr.uid())) {
            return false;
        }
        d.byName.remove(src);
        d.byName.put(dstString, p);
        d.madeHere.removeLong(src);
        d.madeHere.put(dstString, ino);
        d.names.remove(src);
        d.names.add(dstString);
        p.name = dst;
        p.nameString = dstString;
        p.touch();
        cache.forgetName(srcDir, src);
        cache.put(srcDir, dstString, p.attr, d.lease, cache.generation());
        cache.touchedHere(srcDir, System.currentTimeMillis() * 1_000_000L);
        return true;
    }

    /**
     * Removes directory {@code name} of {@code dir} here when it is one this client made there that
     * the leader holds for it and nothing was put in ({@code AsyncCreates.emptyHere}), and the
     * caller may: the rmdir goes in the directory's next batch. Under the lock.
     */
    boolean rmdir(Caller caller, long dir, byte[] name, String nameString) {
        DelegatedDirectory d = owner.dirs.get(dir);
        long child = cache.lookup(dir, nameString);
        if (d == null || !d.active || !d.lease.valid(System.nanoTime()) || child == 0
                || owner.emptyHere.get(child) != dir || owner.dirs.containsKey(child) || !mayRemoveIn(dir, caller)) {
            return false;
        }
        owner.emptyHere.remove(child);
        PendingRemoval r = new PendingRemoval(name, nameString, child, caller);
        d.removals.add(r);
        d.removedByName.put(nameString, r);
        owner.removing.put(child, r);
        d.names.remove(nameString);
        cache.forgetName(dir, nameString);
        cache.forgetAttr(child);
        cache.touchedHere(dir, System.currentTimeMillis() * 1_000_000L, -1);
        batches.kick(d);
        return true;
    }

    /** The caller may remove a name of {@code dir}: it writes and searches it, and in a sticky one is root or its owner. */
    private boolean mayRemoveIn(long dir, Caller caller) {
        InodeAttr parent = cache.attrForWalk(dir);
        return parent != null && PathResolver.mayAccess(parent, caller, Posix.W_OK | Posix.X_OK)
                && ((parent.mode() & Posix.S_ISVTX) == 0 || caller.uid() == 0 || caller.uid() == parent.uid());
    }

    /** What became of an unlink: done here, to send ({@code done} false), or to try again once {@code inFlight} completes. */
    record Unlink(boolean done, java.util.concurrent.CompletableFuture<Void> inFlight) {
        static final Unlink DONE = new Unlink(true, null);
        static final Unlink SEND = new Unlink(false, null);
    }

    /**
     * Unlinks {@code name} of {@code dir} here when it is a file this client created there under
     * the delegation it still holds, and the caller may (write and search the directory; in a
     * sticky one, root or the directory's owner). Under the lock.
     */
    Unlink unlink(Caller caller, long dir, byte[] name, String nameString) {
        DelegatedDirectory d = owner.dirs.get(dir);
        if (d == null || !d.active || !d.lease.valid(System.nanoTime())) {
            return Unlink.SEND;
        }
        long ino = d.madeHere.getLong(nameString);
        if (ino == 0 || !mayRemoveIn(dir, caller)) {
            return Unlink.SEND;
        }
        PendingCreate p = owner.pending.get(ino);
        if (p != null) {
            if (!d.queued.contains(p)) {
                return new Unlink(false, p.applied);
            }
            // Not sent, not open, never written: it never needs to reach the group at all.
            if (p.handles > 0 || !p.slices.isEmpty() || p.size != 0) {
                return Unlink.SEND;
            }
            d.queued.remove(p);
            d.byName.remove(nameString);
            owner.pending.remove(ino);
            p.applied.complete(null);
        } else {
            PendingRemoval r = new PendingRemoval(name, nameString, ino, caller);
            d.removals.add(r);
            d.removedByName.put(nameString, r);
            owner.removing.put(ino, r);
        }
        d.madeHere.removeLong(nameString);
        d.names.remove(nameString);
        cache.forgetName(dir, nameString);
        cache.forgetAttr(ino);
        cache.touchedHere(dir, System.currentTimeMillis() * 1_000_000L);
        batches.kick(d);
        return Unlink.DONE;
    }
}
