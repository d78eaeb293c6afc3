package io.wfs.store.manager;

import io.wfs.common.route.RouteChange;
import io.wfs.common.route.RouteModel;
import io.wfs.common.route.VolumeState;
import io.wfs.store.disk.VolumeReplica;
import io.wfs.store.node.VolumeSet;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes this store's replicas match the manager's route: a volume the route places here is
 * created (writable when the route says so), and a local writable replica the route no longer
 * lists as writable stops taking appends. The route is the authority; local state only follows.
 */
final class RouteVolumes {
    private static final Logger LOG = LoggerFactory.getLogger(RouteVolumes.class);

    private RouteVolumes() {
    }

    /** Returns how many replicas were created or changed. */
    static int apply(RouteModel route, int selfId, VolumeSet volumes) {
        int changed = 0;
        for (RouteChange.Volume v : route.volumes()) {
            if (!v.hasReplicaOn(selfId)) {
                continue;
            }
            List<String> addresses = addresses(route, v);
            if (addresses == null) {
                continue;
            }
            boolean writable = v.state() == VolumeState.WRITABLE;
            VolumeReplica local = volumes.get(v.id());
            try {
                if (local == null) {
                    volumes.assign(v.id(), addresses, writable);
                    changed++;
                } else if (local.isWritable() && !writable) {
                    volumes.markReadOnly(local, "the manager's route says " + v.state());
                    changed++;
                } else if (!local.descriptor().replicas().equals(addresses)) {
                    volumes.assign(v.id(), addresses, local.isWritable() && writable);
                    changed++;
                }
            } catch (IOException e) {
                // Retried at the next route update; the manager sees the volume missing from heartbeats meanwhile.
                LOG.warn("cannot apply volume {} of the route: {}", v.id(), e.toString());
            }
        }
        return changed;
    }

    /** The replicas' addresses, primary first; null while a replica's node is not in the route yet. */
    private static List<String> addresses(RouteModel route, RouteChange.Volume v) {
        List<String> list = new ArrayList<>(v.replicas().length);
        for (int node : v.replicas()) {
            RouteChange.StoreNode s = route.store(node);
            if (s == null) {
                return null;
            }
            list.add(s.address());
        }
        return list;
    }
}
