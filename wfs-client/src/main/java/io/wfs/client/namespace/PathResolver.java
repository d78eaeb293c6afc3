package io.wfs.client.namespace;

import io.wfs.client.Caller;
import io.wfs.client.data.Rpc;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.AttrReply;
import io.wfs.common.msg.meta.GetAttrRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.LookupRequest;
import io.wfs.common.msg.meta.MetaHeader;
import io.wfs.common.msg.meta.MetaNames;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.MetaClient;
import java.nio.charset.StandardCharsets;

/**
 * Turns the paths FUSE hands over ("/a/b/c") into inodes, one component at a time, through the
 * metadata cache. A cached step still checks search permission on the cached directory (the
 * servers check it on every uncached lookup), so the cache never lets a caller through a
 * directory it may not search.
 *
 * <p>The resolver walks from its root, which is inode 1 for a whole-cluster mount and the inode
 * of a directory for a subdirectory mount ({@code client.subdir}): every path starts there, and a
 * {@code ..} at the root stays at the root (as at "/" of any file system), so no path reaches
 * above it. FUSE hands over normalized paths; "." and ".." are handled here for callers of the
 * Java API. The kernel resolves ".." of the mount point itself, outside the mount.
 */
public final class PathResolver {
    public static final long ROOT = 1;

    private final MetaClient meta;
    private final MetadataCache cache;
    private final long root;
    /** Null: the answers are cached for client.attr-ttl only, never leased. */
    private final CacheLeaseKeeper leases;

    /** A resolver whose "/" is the directory {@code root} (inode number). */
    public PathResolver(MetaClient meta, MetadataCache cache, long root) {
        this(meta, cache, root, null);
    }

    public PathResolver(MetaClient meta, MetadataCache cache, long root, CacheLeaseKeeper leases) {
        this.meta = meta;
        this.cache = cache;
        this.root = root;
        this.leases = leases;
    }

    /** The header of a read whose answer may be cached: leased when this client keeps leases. */
    public MetaHeader cachedQuery(Caller c) {
        return leases == null ? meta.query(c.uid(), c.gid(), c.groups()) : meta.leasedQuery(c.uid(), c.gid(), c.groups());
    }

    /** The group lease an answer to a request routed by {@code routingIno} is cached under, if leased. */
    public CacheLeaseKeeper.GroupLease leaseOf(long routingIno, boolean leased) {
        return leases == null ? null : leases.of(routingIno, leased);
    }

    /**
     * Names this client knows are absent without asking: those of a directory it holds a create
     * delegation on and knows every name of (AsyncCreates). The kernel looks up every name before
     * it creates it, so in such a directory a create costs no round trip at all. It may ask for that
     * delegation first, on {@code caller}'s behalf.
     */
    public interface AbsentNames {
        boolean knownAbsent(Caller caller, long dir, String name);
    }

    private volatile AbsentNames absent = (caller, dir, name) -> false;

    public void useAbsentNames(AbsentNames absent) {
        this.absent = absent;
    }

    /** The inode that "/" resolves to. */
    public long root() {
        return root;
    }

    /** The parent directory's inode and the last name of {@code path} (not resolved). */
    public record ParentAndName(long parent, byte[] name, String nameString) {
    }

    public InodeAttr resolve(Caller caller, String path) {
        return walk(caller, split(path), Integer.MAX_VALUE, true);
    }

    public ParentAndName parentOf(Caller caller, String path) {
        String[] parts = split(path);
        if (parts.length == 0) {
            throw new WfsException(WfsErrorCode.EBUSY, "the root has no parent");
        }
        String last = parts[parts.length - 1];
        if (last.equals(".") || last.equals("..")) {
            // rmdir("a/.") and rename onto "..": EINVAL/EBUSY in Linux; never a name to create.
            throw new WfsException(WfsErrorCode.EINVAL, "the last component of the path is " + last);
        }
        InodeAttr cur = walk(caller, parts, parts.length - 1, false);
        byte[] name = last.getBytes(StandardCharsets.UTF_8);
        if (name.length > MetaNames.MAX_NAME_BYTES) {
            throw new WfsException(WfsErrorCode.ENAMETOOLONG, "name longer than " + MetaNames.MAX_NAME_BYTES + " bytes");
        }
        if (!Posix.isDirectory(cur.mode())) {
            throw new WfsException(WfsErrorCode.ENOTDIR, "not a directory: " + path);
        }
        return new ParentAndName(cur.ino(), name, last);
    }

    /**
     * The inode reached by the first {@code count} components: "." stays, ".." goes back to the
     * directory this walk came from (never above the root), any other name is looked up. The
     * directories on the way need only their type and permissions ({@link #walkAttr}); with
     * {@code answer}, what the walk ends on has attributes fit to answer stat with.
     */
    private InodeAttr walk(Caller caller, String[] parts, int count, boolean answer) {
        int n = Math.min(parts.length, count);
        java.util.ArrayList<InodeAttr> trail = new java.util.ArrayList<>();
        InodeAttr cur = walkAttr(caller, root);
        boolean forWalkOnly = true;
        for (int i = 0; i < n; i++) {
            String part = parts[i];
            if (part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (!trail.isEmpty()) {
                    cur = trail.remove(trail.size() - 1);
                }
                forWalkOnly = true;
                continue;
            }
            trail.add(cur);
            boolean last = answer && i == n - 1;
            cur = child(caller, cur, part, !last);
            forWalkOnly = !last;
        }
        return answer && forWalkOnly ? attr(caller, cur.ino()) : cur;
    }

    /** The attributes of an inode, from the cache or the server. */
    public InodeAttr attr(Caller caller, long ino) {
        InodeAttr a = cache.attr(ino);
        if (a != null) {
            return a;
        }
        long askedAt = cache.generation();
        AttrReply reply = Rpc.await(meta.callHere(new GetAttrRequest(cachedQuery(caller), ino)));
        cache.putAttr(reply.attr(), leaseOf(ino, reply.leased()), askedAt);
        passThroughIfUnleased(reply);
        return reply.attr();
    }

    /** An answer the leader did not lease: its directory attributes serve only to walk through (1 s). */
    private void passThroughIfUnleased(AttrReply reply) {
        if (!reply.leased()) {
            cache.putPassThrough(reply.attr());
        }
    }

    /** A directory's attributes for walking through it (type, mode, owner): see {@link MetadataCache#attrToPassThrough}. */
    private InodeAttr walkAttr(Caller caller, long ino) {
        InodeAttr a = cache.attrToPassThrough(ino);
        return a != null ? a : attr(caller, ino);
    }

    /**
     * {@code dir}'s attributes fit to check a permission the servers will not check again (a cached
     * name, a name known absent): never pass-through ones, which may be stale.
     */
    private InodeAttr toCheck(Caller caller, InodeAttr dir) {
        InodeAttr a = cache.attrForWalk(dir.ino());
        return a != null ? a : attr(caller, dir.ino());
    }

    /** {@code walk}: the child is a directory on the way, not the path's answer. */
    private InodeAttr child(Caller caller, InodeAttr dir, String name, boolean walk) {
        if (!Posix.isDirectory(dir.mode())) {
            throw new WfsException(WfsErrorCode.ENOTDIR, "a path component is not a directory");
        }
        long cached = cache.lookup(dir.ino(), name);
        if (cached != 0) {
            if (!mayAccess(toCheck(caller, dir), caller, Posix.X_OK)) {
                throw new WfsException(WfsErrorCode.EACCES, "search permission denied");
            }
            return walk ? walkAttr(caller, cached) : attr(caller, cached);
        }
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MetaNames.MAX_NAME_BYTES) {
            throw new WfsException(WfsErrorCode.ENAMETOOLONG, "name longer than " + MetaNames.MAX_NAME_BYTES + " bytes");
        }
        if (absent.knownAbsent(caller, dir.ino(), name)) {
            if (!mayAccess(toCheck(caller, dir), caller, Posix.X_OK)) {
                throw new WfsException(WfsErrorCode.EACCES, "search permission denied");
            }
            throw new WfsException(WfsErrorCode.ENOENT, "no such entry");
        }
        long askedAt = cache.generation();
        AttrReply reply = Rpc.await(meta.callHere(new LookupRequest(cachedQuery(caller), dir.ino(), bytes)));
        cache.put(dir.ino(), name, reply.attr(), leaseOf(dir.ino(), reply.leased()), askedAt);
        passThroughIfUnleased(reply);
        // A child in another group comes back as a stub (ino and type, nlink 0): its own group has the rest.
        return isStub(reply.attr()) ? attr(caller, reply.attr().ino()) : reply.attr();
    }

    /** The metadata servers' stub for an inode of another group (MetaContext.wireOrStub): nlink 0. */
    public static boolean isStub(InodeAttr a) {
        return a.nlink() == 0;
    }

    /** The POSIX permission rule, as the servers apply it (AccessRules), on cached attributes. */
    public static boolean mayAccess(InodeAttr a, Caller caller, int want) {
        return io.wfs.common.posix.AccessRules.allowed(a.mode(), a.uid(), a.gid(), caller.uid(), caller::inGroup, want);
    }

    static String[] split(String path) {
        if (path == null || path.isEmpty() || path.charAt(0) != '/') {
            throw new WfsException(WfsErrorCode.EINVAL, "not an absolute path: " + path);
        }
        // By hand: every FUSE request splits its path, and a stream over String.split cost a tenth of a lookup.
        java.util.List<String> parts = new java.util.ArrayList<>(8);
        for (int i = 0, n = path.length(); i < n; ) {
            int slash = path.indexOf('/', i);
            int end = slash < 0 ? n : slash;
            if (end > i) {
                parts.add(path.substring(i, end));
            }
            i = end + 1;
        }
        return parts.toArray(new String[0]);
    }
}
