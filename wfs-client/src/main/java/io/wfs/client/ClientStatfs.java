package io.wfs.client;

import io.wfs.client.data.Rpc;
import io.wfs.client.namespace.PathResolver;
import io.wfs.client.route.ClusterView;
import io.wfs.common.msg.manager.ClusterStatusReply;
import io.wfs.common.msg.manager.ClusterStatusRequest;
import io.wfs.common.msg.manager.NodeStatus;
import io.wfs.common.msg.meta.StatFsReply;
import io.wfs.common.msg.meta.StatFsRequest;
import io.wfs.common.route.ManagerClient;
import io.wfs.common.route.MetaClient;
import io.wfs.common.route.SlotMap;

/**
 * statfs(2) of a client: the cluster's figures, or, for a client rooted at a quota directory (a
 * Kubernetes volume), the quota's: its limit as the size (capped by the cluster's free space) and
 * its usage, so {@code df} in a pod shows its volume.
 */
final class ClientStatfs {
    private final MetaClient meta;
    private final ClusterView cluster;
    private final ManagerClient manager;
    private final PathResolver paths;
    private final ClientQuotas quotas;
    private final boolean scoped;

    ClientStatfs(MetaClient meta, ClusterView cluster, ManagerClient manager, PathResolver paths, ClientQuotas quotas,
                 boolean scoped) {
        this.meta = meta;
        this.cluster = cluster;
        this.manager = manager;
        this.paths = paths;
        this.quotas = quotas;
        this.scoped = scoped;
    }

    WfsFileSystem.Usage statfs() {
        WfsFileSystem.Usage whole = clusterUsage();
        if (paths.root() == PathResolver.ROOT) {
            return whole;
        }
        return quotas.ofDirectory(Caller.ROOT, paths.root()).map(q -> {
            long capacity = q.limitBytes() > 0 ? Math.min(q.limitBytes(), q.usedBytes() + whole.freeBytes())
                    : whole.capacityBytes();
            long free = Math.max(0, Math.min(capacity - q.usedBytes(), whole.freeBytes()));
            return new WfsFileSystem.Usage(capacity, q.usedBytes(), free, q.usedInodes(), q.limitInodes());
        }).orElse(whole);
    }

    private WfsFileSystem.Usage clusterUsage() {
        long usedBytes = 0;
        long usedInodes = 0;
        for (SlotMap.Group g : cluster.slotMap().groups()) {
            // A scoped client may not see the cluster's usage (its statfs is its volume's quota).
            if (!scoped && g.slots().length > 0) {
                StatFsReply r = Rpc.await(meta.callHere(new StatFsRequest(meta.query(0, 0), g.slots()[0])));
                usedBytes += r.usedBytes();
                usedInodes += r.usedInodes();
            }
        }
        ClusterStatusReply status = manager.call(new ClusterStatusRequest("wfs-client"));
        long capacity = 0;
        long free = 0;
        for (NodeStatus n : status.nodes()) {
            if ("store".equals(n.kind()) && n.up()) {
                capacity += n.capacityBytes();
                free += n.freeBytes();
            }
        }
        // Every byte is stored on each replica: a user can write the raw free space divided by them.
        int replicas = cluster.replicasPerVolume();
        return new WfsFileSystem.Usage(capacity / replicas, usedBytes, free / replicas, usedInodes, 0);
    }
}
