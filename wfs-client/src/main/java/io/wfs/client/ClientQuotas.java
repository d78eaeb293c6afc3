package io.wfs.client;

import io.wfs.client.namespace.PathResolver;
import io.wfs.client.route.ClusterView;
import io.wfs.common.error.WfsErrorCode;
import io.wfs.common.error.WfsException;
import io.wfs.common.msg.meta.DirEntry;
import io.wfs.common.msg.meta.GetQuotaRequest;
import io.wfs.common.msg.meta.InodeAttr;
import io.wfs.common.msg.meta.ListQuotasRequest;
import io.wfs.common.msg.meta.QuotaUsage;
import io.wfs.common.msg.meta.ReaddirReply;
import io.wfs.common.msg.meta.ReaddirRequest;
import io.wfs.common.msg.meta.RemoveQuotaRequest;
import io.wfs.common.msg.meta.SetQuotaRequest;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;
import io.wfs.client.data.Rpc;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Directory quotas from a client: {@code wfs quota}, the CSI driver, and statfs of a mount rooted
 * at a quota directory (so {@code df} in a pod shows its volume). Paths are the client's own
 * (relative to its subdirectory); set and remove need root on the meta servers.
 */
public final class ClientQuotas {
    private static final int READDIR_PAGE = 1024;

    private final MetaClient meta;
    private final ClusterView cluster;
    private final PathResolver paths;

    ClientQuotas(MetaClient meta, ClusterView cluster, PathResolver paths) {
        this.meta = meta;
        this.cluster = cluster;
        this.paths = paths;
    }

    /** Puts a quota on the directory at path or changes its limits (0 = no limit). */
    public QuotaUsage set(Caller caller, String path, long limitBytes, long limitInodes) {
        long dir = paths.resolve(caller, path).ino();
        return Rpc.await(meta.callHere(new SetQuotaRequest(caller.mutation(meta), dir,
                limitBytes, limitInodes))).quota();
    }

    /** The quota of the directory at path; ENODATA when it has none. */
    public QuotaUsage get(Caller caller, String path) {
        return ofDirectory(caller, paths.resolve(caller, path).ino()).orElseThrow(
                () -> new WfsException(WfsErrorCode.ENODATA, path + " has no quota"));
    }

    /** The quota of a directory, empty when it has none. */
    public Optional<QuotaUsage> ofDirectory(Caller caller, long dirIno) {
        try {
            return Optional.of(Rpc.await(meta.callHere(new GetQuotaRequest(caller.query(meta), dirIno))).quota());
        } catch (WfsException e) {
            if (e.code() == WfsErrorCode.ENODATA) {
                return Optional.empty();
            }
            throw e;
        }
    }

    public void remove(Caller caller, String path) {
        long dir = paths.resolve(caller, path).ino();
        Rpc.await(meta.callHere(new RemoveQuotaRequest(caller.mutation(meta), dir)));
    }

    /** Every quota of the cluster, group by group. */
    public List<QuotaUsage> list(Caller caller) {
        List<QuotaUsage> all = new ArrayList<>();
        for (SlotMap.Group g : cluster.slotMap().groups()) {
            if (g.slots().length > 0) {
                all.addAll(Rpc.await(meta.callHere(new ListQuotasRequest(caller.query(meta), g.slots()[0]))).quotas());
            }
        }
        return all;
    }

    /**
     * The path of a directory from this client's root, found through parent pointers and a scan of
     * each parent for the child's name (for listings, not for hot paths); empty when the directory
     * is not below this client's root.
     */
    public Optional<String> pathOf(Caller caller, long dirIno) {
        StringBuilder path = new StringBuilder();
        long current = dirIno;
        for (int depth = 0; current != paths.root(); depth++) {
            if (current == PathResolver.ROOT || depth > 4096) {
                return Optional.empty();
            }
            InodeAttr a = paths.attr(caller, current);
            String name = nameIn(caller, a.parent(), current);
            if (name == null) {
                return Optional.empty();
            }
            path.insert(0, "/" + name);
            current = a.parent();
        }
        return Optional.of(path.length() == 0 ? "/" : path.toString());
    }

    private String nameIn(Caller caller, long dir, long child) {
        long cookie = 0;
        while (true) {
            ReaddirReply page = Rpc.await(meta.callHere(new ReaddirRequest(caller.query(meta), dir, cookie, READDIR_PAGE, false)));
            for (DirEntry e : page.entries()) {
                if (e.ino() == child) {
                    return new String(e.name(), StandardCharsets.UTF_8);
                }
            }
            if (page.eof()) {
                return null;
            }
            cookie = page.nextCookie();
        }
    }
}
