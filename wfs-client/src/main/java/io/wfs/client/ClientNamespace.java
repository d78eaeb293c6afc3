package io.wfs.client;

import io.wfs.client.namespace.CacheLeaseKeeper;
import io.wfs.common.msg.meta.MetaRequest;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.client.data.Rpc;
import io.wfs.client.namespace.MetadataCache;
import io.wfs.client.namespace.PathResolver;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.GetXattrRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LinkRequest;
import io.wfs.common.msg.meta.ListXattrRequest;
import io.wfs.common.msg.meta.MkdirRequest;
import io.wfs.common.msg.meta.OkReply;
import io.wfs.common.msg.meta.MknodRequest;
import io.wfs.common.msg.meta.ReaddirReply;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.ReadlinkRequest;
import io.wfs.common.msg.meta.RemoveXattrRequest;
import io.wfs.common.msg.meta.RenameRequest;
import io.wfs.common.msg.meta.RmdirRequest;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.msg.meta.SetAttrRequest;
import io.wfs.common.msg.meta.SetXattrRequest;
import io.wfs.common.msg.meta.SymlinkRequest;
import io.wfs.common.msg.meta.UnlinkRequest;
import io.wfs.common.route.MetaClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The name-space half of {@link WfsClient}: each call resolves its path, sends one metadata
 * request as the caller, and invalidates what it changed in this client's cache.
 */
final class ClientNamespace {
    private static final int READDIR_PAGE = 512;

    private final MetaClient meta;
    private final PathResolver paths;
    private final MetadataCache cache;
    private final QuotaEdgeRename quotaEdgeRename;

    ClientNamespace(MetaClient meta, PathResolver paths, MetadataCache cache, QuotaEdgeRename quotaEdgeRename) {
        this.meta = meta;
        this.paths = paths;
        this.cache = cache;
        this.quotaEdgeRename = quotaEdgeRename;
    }

    private static io.wfs.common.msg.meta.MetaHeader mutation(MetaClient meta, Caller c) {
        return meta.mutation(c.uid(), c.gid(), c.groups());
    }

    /**
     * A read names this client's session (when it keeps leases): a sessionless request naming a
     * directory this client holds a create delegation on would make the leader recall it.
     */
    private io.wfs.common.msg.meta.MetaHeader query(MetaClient meta, Caller c) {
        return paths.cachedQuery(c);
    }

    InodeAttr mkdir(Caller c, String path, int mode) {
        return mkdir(c, paths.parentOf(c, path), mode);
    }

    /** mkdir of name {@code p}, its parent already resolved. */
    InodeAttr mkdir(Caller c, PathResolver.ParentAndName p, int mode) {
        return changed(p, new MkdirRequest(mutation(meta, c), p.parent(), p.name(), mode));
    }

    InodeAttr mknod(Caller c, String path, int mode, long rdev) {
        return mknod(c, path, mode, rdev, false);
    }

    /** As {@link #mknod(Caller, String, int, long)}; with {@code open}, the new file is also opened (create). */
    InodeAttr mknod(Caller c, String path, int mode, long rdev, boolean open) {
        PathResolver.ParentAndName p = paths.parentOf(c, path);
        InodeAttr a = changed(p, new MknodRequest(mutation(meta, c), p.parent(), p.name(), mode, rdev, open));
        cache.created(a.ino());
        return a;
    }

    InodeAttr symlink(Caller c, String target, String path) {
        PathResolver.ParentAndName p = paths.parentOf(c, path);
        return changed(p, new SymlinkRequest(mutation(meta, c), p.parent(), p.name(),
                target.getBytes(StandardCharsets.UTF_8)));
    }

    String readlink(Caller c, String path) {
        InodeAttr a = paths.resolve(c, path);
        byte[] target = Rpc.await(meta.callHere(new ReadlinkRequest(query(meta, c), a.ino()))).target();
        return new String(target, StandardCharsets.UTF_8);
    }

    void unlink(Caller c, String path) {
        PathResolver.ParentAndName p = paths.parentOf(c, path);
        removed(p, new UnlinkRequest(mutation(meta, c), p.parent(), p.name()));
    }

    void rmdir(Caller c, String path) {
        PathResolver.ParentAndName p = paths.parentOf(c, path);
        removed(p, new RmdirRequest(mutation(meta, c), p.parent(), p.name()));
    }

    /** Sends the removal of {@code p}'s name and forgets it; the directory's new attributes, when sent, are cached. */
    private void removed(PathResolver.ParentAndName p, MetaRequest<OkReply> request) {
        long ino = cache.lookup(p.parent(), p.nameString());
        long askedAt = cache.generation();
        cache.changeStarts(p.parent());
        OkReply r = null;
        try {
            r = Rpc.await(meta.callHere(request));
        } finally {
            forget(p, ino);
            cache.changeEnds(p.parent(), r == null ? null : r.dir(), r == null ? null : paths.leaseOf(p.parent(), r.leased()),
                    askedAt);
        }
    }

    void rename(Caller c, String from, String to, int flags) {
        PathResolver.ParentAndName src = paths.parentOf(c, from);
        PathResolver.ParentAndName dst = paths.parentOf(c, to);
        long moved = cache.lookup(src.parent(), src.nameString());
        long replaced = cache.lookup(dst.parent(), dst.nameString());
        cache.changeStarts(src.parent());
        cache.changeStarts(dst.parent());
        try {
            Rpc.await(meta.callHere(new RenameRequest(mutation(meta, c), src.parent(), src.name(), dst.parent(), dst.name(),
                    flags)));
        } catch (WfsException e) {
            throw e.code() == WfsErrorCode.EXDEV ? quotaEdgeRename.refine(c, from, to, e) : e;
        } finally {
            forget(src, moved);
            forget(dst, replaced);
            cache.changeEnds(src.parent(), null, null, 0);
            cache.changeEnds(dst.parent(), null, null, 0);
        }
    }

    InodeAttr link(Caller c, String existing, String newPath) {
        InodeAttr target = paths.resolve(c, existing);
        PathResolver.ParentAndName p = paths.parentOf(c, newPath);
        return changed(p, new LinkRequest(mutation(meta, c), target.ino(), p.parent(), p.name()));
    }

    InodeAttr setattr(Caller c, long ino, SetAttr change) {
        long askedAt = cache.generation();
        // Counted as a change of ino: a change of its entries answered meanwhile must not cache its older self.
        cache.changeStarts(ino);
        AttrReply r = null;
        try {
            r = Rpc.await(meta.callHere(new SetAttrRequest(mutation(meta, c), ino, change)));
            return r.attr();
        } finally {
            cache.attrsChangeEnds(ino, r == null ? null : r.attr(), r == null ? null : paths.leaseOf(ino, r.leased()),
                    askedAt);
        }
    }

    List<DirEntry> readdir(Caller c, String path) {
        List<DirEntry> all = new ArrayList<>();
        long cookie = 0;
        while (true) {
            ReaddirReply page = readdirPage(c, path, cookie, READDIR_PAGE);
            all.addAll(page.entries());
            if (page.eof()) {
                return all;
            }
            cookie = page.nextCookie();
        }
    }

    /** One page of a listing from {@code cookie} (0: the start); the attributes it carries are cached. */
    ReaddirReply readdirPage(Caller c, String path, long cookie, int maxEntries) {
        InodeAttr dir = paths.resolve(c, path);
        long askedAt = cache.generation();
        ReaddirReply page = Rpc.await(meta.callHere(new ReaddirRequest(paths.cachedQuery(c), dir.ino(), cookie, maxEntries,
                true)));
        CacheLeaseKeeper.GroupLease lease = paths.leaseOf(dir.ino(), page.leased());
        for (DirEntry e : page.entries()) {
            if (e.attr() != null) {
                cache.put(dir.ino(), new String(e.name(), StandardCharsets.UTF_8), e.attr(), lease, askedAt);
            }
        }
        return page;
    }

    byte[] getxattr(Caller c, String path, byte[] name) {
        InodeAttr a = paths.resolve(c, path);
        long ino = a.ino();
        // The servers' rule first: reading any attribute needs read permission (else EACCES).
        if (cache.bare(ino) && PathResolver.mayAccess(a, c, io.wfs.common.posix.Posix.R_OK)) {
            throw new WfsException(WfsErrorCode.ENODATA, "no such attribute");
        }
        return Rpc.await(meta.callHere(new GetXattrRequest(query(meta, c), ino, name))).value();
    }

    void setxattr(Caller c, String path, byte[] name, byte[] value, int flags) {
        long ino = paths.resolve(c, path).ino();
        try {
            Rpc.await(meta.callHere(new SetXattrRequest(mutation(meta, c), ino, name, value, flags)));
        } finally {
            cache.forgetAttr(ino);
        }
    }

    byte[] listxattr(Caller c, String path) {
        long ino = paths.resolve(c, path).ino();
        return Rpc.await(meta.callHere(new ListXattrRequest(query(meta, c), ino))).names();
    }

    void removexattr(Caller c, String path, byte[] name) {
        long ino = paths.resolve(c, path).ino();
        try {
            Rpc.await(meta.callHere(new RemoveXattrRequest(mutation(meta, c), ino, name)));
        } finally {
            cache.forgetAttr(ino);
        }
    }

    /**
     * Sends a request that makes a name ({@code p}) and caches its answer (leased when the leader
     * leased it); the parent's times and link count moved too.
     */
    private InodeAttr changed(PathResolver.ParentAndName p, MetaRequest<AttrReply> request) {
        long askedAt = cache.generation();
        cache.changeStarts(p.parent());
        AttrReply r = null;
        CacheLeaseKeeper.GroupLease lease = null;
        try {
            r = Rpc.await(meta.callHere(request));
            lease = paths.leaseOf(request.routingIno(), r.leased());
        } finally {
            // The directory after the change, when sent: the kernel's next stat of it costs no round trip.
            cache.changeEnds(p.parent(), r == null ? null : r.dir(), lease, askedAt);
        }
        cache.put(p.parent(), p.nameString(), r.attr(), lease, askedAt);
        return r.attr();
    }

    private void forget(PathResolver.ParentAndName p, long ino) {
        cache.forgetName(p.parent(), p.nameString());
        cache.entriesChanged(p.parent());
        if (ino != 0) {
            cache.forgetAttr(ino);
        }
    }

    static WfsException notFound(String path) {
        return new WfsException(WfsErrorCode.ENOENT, "no such file: " + path);
    }
}
