package io.wfs.client;

import com.codahale.metrics.MetricRegistry;
import io.wfs.client.create.AsyncCreates;
import io.wfs.client.cache.BlockDiskCache;
import io.wfs.client.cache.FolderBlockDiskCache;
import io.wfs.client.data.BlockIdPool;
import io.wfs.client.data.BlockStoreClient;
import io.wfs.client.file.FileIo;
import io.wfs.client.file.FileIoSettings;
import io.wfs.client.file.FileState;
import io.wfs.client.file.WriteBudget;
import io.wfs.client.namespace.CacheLeaseKeeper;
import io.wfs.client.namespace.MetadataCache;
import io.wfs.client.namespace.PathResolver;
import io.wfs.client.route.ClusterView;
import io.wfs.client.route.ManagedClusterView;
import io.wfs.common.config.CommonConfigKeys;
import io.wfs.common.config.WfsConfig;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.SetAttr;
import io.wfs.common.posix.Posix;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.MetaClient;
import io.wfs.common.rpc.RpcOptions;
import io.wfs.common.rpc.auth.Credential;
import io.wfs.common.rpc.auth.Scope;
import io.wfs.common.rpc.auth.ScopedCredential;
import io.wfs.common.rpc.client.RpcClient;
import java.util.Arrays;
import java.util.List;

/**
 * The client library: {@link WfsFileSystem} over the meta groups and the stores of one cluster,
 * found through its managers. One per process (the FUSE mount has one); thread-safe.
 */
public final class WfsClient implements WfsFileSystem {

    private final RpcClient rpc;
    private final ClusterView cluster;
    private final ManagerClient manager;
    private final MetaClient meta;
    private final MetadataCache cache;
    /** Null with client.cache-leases off. */
    private final CacheLeaseKeeper leases;
    private final PathResolver paths;
    private final ClientNamespace namespace;
    private final FileIo files;
    private final MetaSession session;
    /** The scope of the client's credential, null for the cluster secret. */
    private final Scope scope;
    private final ClientQuotas quotas;
    private final BlockDiskCache diskCache;
    /** Null with client.async-creates or client.cache-leases off. */
    private final AsyncCreates creates;
    private final ClientOpens opens;
    private final ClientLocks locks;

    /**
     * A client of the cluster the managers of {@code client.managers} run, authenticated with
     * {@code secret}: the cluster secret, or a volume's scoped credential, whose root is then this
     * client's "/" ({@code client.subdir} may name it, and must then be the credential's path).
     */
    public WfsClient(WfsConfig config, Credential secret, MetricRegistry registry) {
        List<String> managers = Arrays.stream(config.get(ClientConfigKeys.MANAGERS).split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).toList();
        if (managers.isEmpty()) {
            throw new IllegalArgumentException(ClientConfigKeys.MANAGERS.name() + " must name at least one manager");
        }
        scope = secret.scope();
        rpc = new RpcClient("wfs-client", RpcOptions.from(config), secret, registry);
        rpc.enableCallsHere(config.get(ClientConfigKeys.CALLER_CONNECTIONS));
        try {
            java.time.Duration deadline = config.get(ClientConfigKeys.CALL_DEADLINE);
            manager = new ManagerClient(rpc, managers, deadline);
            cluster = new ManagedClusterView(manager, rpc, config.get(CommonConfigKeys.CALL_TIMEOUT),
                    config.get(ClientConfigKeys.ROUTE_REFRESH));
            meta = new MetaClient(rpc, cluster.slotMap(), deadline);
            cluster.onSlotMap(meta::updateSlotMap);
            meta.onStaleRoute(serverVersion -> cluster.refresh());
        } catch (RuntimeException e) {
            rpc.close();
            throw e;
        }
        cache = new MetadataCache(config.get(ClientConfigKeys.ATTR_TTL), 1 << 20);
        try {
            long root = secret instanceof ScopedCredential scoped
                    ? ClientCredentials.rootOf(scoped, config.get(ClientConfigKeys.SUBDIR))
                    : rootOf(config.get(ClientConfigKeys.SUBDIR));
            leases = config.get(ClientConfigKeys.CACHE_LEASES) ? new CacheLeaseKeeper(meta, cache) : null;
            paths = new PathResolver(meta, cache, root, leases);
        } catch (RuntimeException e) {
            cluster.close();
            meta.close();
            rpc.close();
            throw e;
        }
        quotas = new ClientQuotas(meta, cluster, paths);
        namespace = new ClientNamespace(meta, paths, cache, new QuotaEdgeRename(meta, paths, quotas,
                config.get(ClientConfigKeys.QUOTA_RENAME_COUNT_LIMIT)));
        BlockIdPool blockIds = new BlockIdPool(meta);
        BlockStoreClient stores = new BlockStoreClient(rpc, cluster, blockIds,
                config.get(ClientConfigKeys.WRITABLE_VOLUME_WAIT));
        try {
            diskCache = FolderBlockDiskCache.forMount(config.get(ClientConfigKeys.CACHE_DIR),
                    config.get(ClientConfigKeys.CACHE_SIZE), cluster.clusterId(), registry);
        } catch (WfsException e) {
            close();
            throw e;
        }
        files = new FileIo(meta, stores, new WriteBudget(config.get(ClientConfigKeys.TOTAL_BUFFER)),
                FileIoSettings.from(config), diskCache, registry);
        files.onCommit(new CommittedAttributes(cache, paths));
        session = new MetaSession(meta, cluster::slotMap, config.get(ClientConfigKeys.SESSION_HEARTBEAT),
                config.get(ClientConfigKeys.CLOSE_DELAY));
        creates = leases != null && config.get(ClientConfigKeys.ASYNC_CREATES)
                ? AsyncCreates.install(meta, cache, leases, paths, files, blockIds, session::createdOpen,
                config.get(ClientConfigKeys.ASYNC_CREATE_HOLD), config.get(ClientConfigKeys.ASYNC_MKDIRS), registry) : null;
        locks = new ClientLocks(meta, session.opens());
        opens = new ClientOpens(paths, cache, namespace, files, session, creates);
    }

    /** Scoped credentials of volumes: {@code wfs credential issue}, the CSI controller. */
    public ClientCredentials credentials() {
        return new ClientCredentials(paths, manager);
    }

    /** Directory quotas: {@code wfs quota}, the CSI driver. */
    public ClientQuotas quotas() {
        return quotas;
    }

    /** The inode of the directory {@code subdir} names from the cluster's root, which must be a directory. */
    private long rootOf(String subdir) {
        if (subdir.equals("/")) {
            return PathResolver.ROOT;
        }
        InodeAttr a;
        try {
            a = new PathResolver(meta, cache, PathResolver.ROOT).resolve(Caller.ROOT, subdir);
        } catch (WfsException e) {
            throw new WfsException(e.code(), "the mount's subdirectory " + subdir + ": " + e.getMessage());
        }
        if (!Posix.isDirectory(a.mode())) {
            throw new WfsException(WfsErrorCode.ENOTDIR, "the mount's subdirectory " + subdir + " is not a directory");
        }
        return a.ino();
    }

    /**
     * This client's metadata transport (its session and route): for tools and tests that send
     * requests by inode number. The servers check them like any other request.
     */
    public MetaClient metaClient() {
        return meta;
    }

    /** The inode that "/" of this client is (1, or the directory of client.subdir). */
    public long rootIno() {
        return paths.root();
    }

    @Override
    public InodeAttr getattr(Caller caller, String path) {
        return withBufferedSize(paths.resolve(caller, path));
    }

    @Override
    public InodeAttr getattr(WfsFile file) {
        return withBufferedSize(paths.attr(file.caller(), file.ino()));
    }

    /** Sizes this client buffers show at once, as local file systems show them. */
    private InodeAttr withBufferedSize(InodeAttr a) {
        FileState open = files.ifOpen(a.ino());
        if (open != null && open.size() != a.size()) {
            return new InodeAttr(a.ino(), a.mode(), a.nlink(), a.uid(), a.gid(), open.size(), a.atimeNs(), a.mtimeNs(),
                    a.ctimeNs(), a.rdev(), a.parent());
        }
        return a;
    }

    @Override
    public InodeAttr mkdir(Caller caller, String path, int mode) {
        io.wfs.client.namespace.PathResolver.ParentAndName p = paths.parentOf(caller, path);
        // Under the parent's create delegation the mount answers it (asynchronous mkdir).
        InodeAttr made = creates == null ? null : creates.mkdir(caller, p.parent(), p.name(), p.nameString(), mode);
        if (made == null) {
            made = namespace.mkdir(caller, p, mode);
        }
        if (creates != null) {
            creates.madeHere(made.ino());
        }
        return made;
    }

    @Override
    public InodeAttr mknod(Caller caller, String path, int mode, long rdev) {
        return namespace.mknod(caller, path, mode, rdev);
    }

    @Override
    public InodeAttr symlink(Caller caller, String target, String path) {
        return namespace.symlink(caller, target, path);
    }

    @Override
    public String readlink(Caller caller, String path) {
        return namespace.readlink(caller, path);
    }

    @Override
    public void unlink(Caller caller, String path) {
        if (creates != null) {
            PathResolver.ParentAndName p = paths.parentOf(caller, path);
            if (creates.unlink(caller, p.parent(), p.name(), p.nameString())) {
                return;
            }
        }
        namespace.unlink(caller, path);
    }

    @Override
    public void rmdir(Caller caller, String path) {
        if (creates != null) {
            PathResolver.ParentAndName p = paths.parentOf(caller, path);
            if (creates.rmdir(caller, p.parent(), p.name(), p.nameString())) {
                return;
            }
        }
        namespace.rmdir(caller, path);
    }

    @Override
    public void rename(Caller caller, String from, String to, int flags) {
        if (creates != null) {
            PathResolver.ParentAndName src = paths.parentOf(caller, from);
            PathResolver.ParentAndName dst = paths.parentOf(caller, to);
            if (creates.rename(caller, src.parent(), src.nameString(), dst.parent(), dst.name(), dst.nameString(), flags)) {
                return;
            }
        }
        namespace.rename(caller, from, to, flags);
    }

    @Override
    public InodeAttr link(Caller caller, String existing, String newPath) {
        return namespace.link(caller, existing, newPath);
    }

    @Override
    public InodeAttr setattr(Caller caller, String path, SetAttr change) {
        return opens.setattr(caller, paths.resolve(caller, path).ino(), change);
    }

    /**
     * ftruncate and fallocate: POSIX checks the descriptor's access mode, not the file's mode bits
     * now, so a size change needs a handle open for writing (EBADF otherwise, the kernel's EINVAL
     * never gets here) and goes as {@link SetAttr#byOpenFile}, which the servers accept from a
     * session holding the file open.
     */
    @Override
    public InodeAttr setattr(WfsFile file, SetAttr change) {
        if (change.changesSize()) {
            if (!file.writable()) {
                throw new WfsException(WfsErrorCode.EBADF, "not open for writing");
            }
            change = change.byOpenFile();
        }
        return opens.setattr(file.caller(), file.ino(), change);
    }

    @Override
    public List<DirEntry> readdir(Caller caller, String path) {
        return namespace.readdir(caller, path);
    }

    @Override
    public io.wfs.common.msg.meta.ReaddirReply readdirPage(Caller caller, String path, long cookie, int maxEntries) {
        return namespace.readdirPage(caller, path, cookie, maxEntries);
    }

    @Override
    public WfsFile open(Caller caller, String path, int flags, int mode) {
        return opens.open(caller, path, flags, mode);
    }

    @Override
    public int read(WfsFile file, long offset, byte[] out, int length) {
        if (!file.readable()) {
            throw new WfsException(WfsErrorCode.EBADF, "not open for reading");
        }
        return files.read(file.state(), offset, out, length);
    }

    @Override
    public int write(WfsFile file, long offset, byte[] data, int length) {
        return writeHandedOver(file, offset, Arrays.copyOf(data, length));
    }

    @Override
    public int writeHandedOver(WfsFile file, long offset, byte[] data) {
        if (!file.writable()) {
            throw new WfsException(WfsErrorCode.EBADF, "not open for writing");
        }
        long at = file.appends() ? file.state().size() : offset;
        files.write(file.caller(), file.state(), at, data);
        return data.length;
    }

    @Override
    public void flush(WfsFile file) {
        opens.flush(file);
    }

    @Override
    public void fsync(WfsFile file) {
        opens.fsync(file);
    }

    @Override
    public void fsyncdir(Caller caller, String path) {
        opens.fsyncdir(caller, path);
    }

    @Override
    public void release(WfsFile file) {
        opens.release(file);
    }

    @Override
    public byte[] getxattr(Caller caller, String path, byte[] name) {
        return namespace.getxattr(caller, path, name);
    }

    @Override
    public void setxattr(Caller caller, String path, byte[] name, byte[] value, int flags) {
        namespace.setxattr(caller, path, name, value, flags);
    }

    @Override
    public byte[] listxattr(Caller caller, String path) {
        return namespace.listxattr(caller, path);
    }

    @Override
    public void removexattr(Caller caller, String path, byte[] name) {
        namespace.removexattr(caller, path, name);
    }

    @Override
    public void lock(WfsFile file, int kind, int type, long start, long end, long owner, boolean wait) {
        locks.lock(file, kind, type, start, end, owner, wait);
    }

    @Override
    public io.wfs.common.msg.meta.LockInfoReply testLock(WfsFile file, int kind, int type, long start, long end, long owner) {
        return locks.testLock(file, kind, type, start, end, owner);
    }

    @Override
    public Usage statfs(Caller caller) {
        return new ClientStatfs(meta, cluster, manager, paths, quotas, scope != null).statfs();
    }

    /** The slot map this client routes metadata requests by (from the cluster's route). */
    public io.wfs.common.route.SlotMap slotMap() {
        return cluster.slotMap();
    }

    @Override
    public void close() {
        if (creates != null) {
            // What the applications were told exists goes to the meta groups before the session ends.
            creates.drain(java.time.Duration.ofSeconds(30));
        }
        if (leases != null) {
            leases.close();
        }
        if (session != null) {
            session.close();
        }
        cluster.close();
        meta.close();
        rpc.close();
        if (diskCache != null) {
            diskCache.close();
        }
    }
}
